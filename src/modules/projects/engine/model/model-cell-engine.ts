import { callChatModel, ModelCallError, type ModelClientOptions } from '../../../../shared/llm/chat-client.js';
import type { CellEngine } from '../cell-engine.js';
import { buildCellMessages, offeredSentences } from './cell-prompt.js';
import { guardCellReply } from './cell-reply-guard.js';

export type CellFallbackReason = 'no-sentences' | ModelCallError['reason'] | 'guard-rejected';

export interface ModelCellEngineOptions extends ModelClientOptions {
  /** Answers when the model fails, times out, or replies with a value its excerpts do not state. */
  fallback: CellEngine;
  /** Most tokens the model may write (default 300: one JSON object). */
  maxTokens?: number;
  /** Told why the fallback answered, for logs. */
  onFallback?: (reason: CellFallbackReason, detail: string) => void;
}

/**
 * Cells answered by an OpenAI-compatible chat model from the same sentences the extractive engine
 * reads, under the cell guard (cell-reply-guard.ts). A model failure never reaches the grid: the
 * fallback answers instead. A caller's abort is not a model failure: it is rethrown.
 */
export function createModelCellEngine(options: ModelCellEngineOptions): CellEngine {
  return {
    name: `openai-compatible:${options.model}`,
    async answer(input, signal) {
      signal?.throwIfAborted();
      const fallback = (reason: CellFallbackReason, detail: string) => {
        options.onFallback?.(reason, detail);
        return options.fallback.answer(input, signal);
      };
      const offered = offeredSentences(input);
      // Nothing to cite: the model could only guess.
      if (offered.length === 0) return fallback('no-sentences', 'no sentence of the row matches the column');
      let content: string;
      try {
        content = await callChatModel(options, buildCellMessages(input, offered), { maxTokens: options.maxTokens ?? 300, ...(signal ? { signal } : {}) });
      } catch (error) {
        if (error instanceof ModelCallError) return fallback(error.reason, error.message);
        throw error;
      }
      return guardCellReply(content, input, offered) ?? fallback('guard-rejected', content.slice(0, 200));
    },
  };
}

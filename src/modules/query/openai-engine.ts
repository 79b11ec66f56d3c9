import type { AnswerEngine, AnswerRequest, AnswerResult } from './answer-engine.js';
import { buildMessages, DEFAULT_PROMPT_LIMITS, type PromptLimits } from './openai-prompt.js';
import { guardModelAnswer } from './guard.js';
import { callChatModel, ModelCallError } from '../../shared/llm/chat-client.js';

export interface OpenAiEngineOptions {
  /**
   * Base URL of an OpenAI-compatible server, used as given: `{baseUrl}/chat/completions` is called,
   * so it normally ends in `/v1` (`http://localhost:11434/v1` for Ollama, `https://api.openai.com/v1`).
   */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>`; no header when empty (local servers need none). */
  apiKey: string;
  /** The whole call, connection to last byte; past it the fallback answers. */
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
  /** Answers when the model fails, times out, returns garbage, or writes nothing that survives the guard. */
  fallback: AnswerEngine;
  /** Most tokens the model may write (default 700). */
  maxTokens?: number;
  promptLimits?: PromptLimits;
  /** Told why the fallback answered, for logs and metrics. */
  onFallback?: (reason: FallbackReason, detail: string) => void;
}

export type FallbackReason = 'no-passages' | 'http-error' | 'timeout' | 'network-error' | 'bad-response' | 'guard-rejected';

/**
 * An engine that asks an OpenAI-compatible chat model (vLLM, llama.cpp server, Ollama, hosted
 * models) to answer from the retrieved passages, then checks the answer with the citation guard.
 * A model failure never reaches the user: the fallback engine (the extractive one) answers instead.
 * A caller's abort is not a model failure: it is rethrown.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): AnswerEngine {
  const limits = options.promptLimits ?? DEFAULT_PROMPT_LIMITS;
  const callModel = (request: AnswerRequest, signal: AbortSignal | undefined) =>
    callChatModel(options, buildMessages(request, limits), { maxTokens: options.maxTokens ?? 700, ...(signal ? { signal } : {}) });

  async function fallback(request: AnswerRequest, signal: AbortSignal | undefined, reason: FallbackReason, detail: string): Promise<AnswerResult> {
    options.onFallback?.(reason, detail);
    return options.fallback.answer(request, signal);
  }

  return {
    name: `openai-compatible:${options.model}`,
    async answer(request, signal) {
      signal?.throwIfAborted();
      // Nothing retrieved: nothing could be cited, so the model is not worth a call.
      if (request.passages.length === 0) return fallback(request, signal, 'no-passages', 'no passages retrieved');
      let content: string;
      try {
        content = await callModel(request, signal);
      } catch (error) {
        if (error instanceof ModelCallError) return fallback(request, signal, error.reason, error.message);
        throw error;
      }
      // The named document is citable too: saying it lacks a clause cites it.
      const citable = [...request.passages.map((p) => p.fileId), ...(request.focus ? [request.focus.fileId] : [])];
      const guarded = guardModelAnswer(content, citable);
      if (guarded === null) return fallback(request, signal, 'guard-rejected', content.slice(0, 200));
      return guarded;
    },
  };
}

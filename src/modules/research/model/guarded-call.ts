// The one shape of every model-backed research call: show the model the best sections, call it,
// keep its reply only if the guard accepts it, and otherwise keep the built-in result.
import { callChatModel, ModelCallError, type ChatMessage, type ModelClientOptions } from '../../../shared/llm/chat-client.js';
import type { CandidateSection } from '../ask/ask.types.js';
import type { ModelFallbackReason } from './fallback.js';
import type { GuardRejection } from './guard.js';
import { shownSections, type PromptLimits } from './model-prompts.js';

export interface GuardedCall<T> {
  options: ModelClientOptions & { onFallback?: (reason: ModelFallbackReason, detail: string) => void };
  limits: PromptLimits;
  candidates: CandidateSection[];
  /** The built-in result: returned on any failure; the sections it cites are always shown. */
  builtIn: T;
  builtInCodes: string[];
  maxTokens: number;
  signal?: AbortSignal | undefined;
  messages(shown: CandidateSection[]): ChatMessage[];
  guard(content: string, shown: CandidateSection[]): { ok: true; value: T } | GuardRejection;
}

/** Runs one guarded model call; any model or guard failure returns the built-in result. */
export async function guardedModelCall<T>(call: GuardedCall<T>): Promise<T> {
  const fallback = (reason: ModelFallbackReason, detail: string): T => {
    call.options.onFallback?.(reason, detail);
    return call.builtIn;
  };
  const shown = shownSections(call.candidates, call.limits, call.builtInCodes);
  // Nothing retrieved: nothing could be quoted, so the model is not worth a call.
  if (shown.length === 0) return fallback('no-candidates', 'no sections retrieved');
  let content: string;
  try {
    content = await callChatModel(call.options, call.messages(shown), { maxTokens: call.maxTokens, ...(call.signal ? { signal: call.signal } : {}) });
  } catch (error) {
    if (error instanceof ModelCallError) return fallback(error.reason, error.message);
    throw error;
  }
  const guarded = call.guard(content, shown);
  return guarded.ok ? guarded.value : fallback(guarded.reason, guarded.detail);
}

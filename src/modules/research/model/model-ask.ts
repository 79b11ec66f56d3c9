// A model-written answer for POST /v1/ask, kept only when it passes the guard; otherwise the built-in
// composer's answer stands. A model can make the answer read better, never make it less safe.
import type { CandidateSection, ComposedAnswer } from '../ask/ask.types.js';
import type { ModelClientOptions } from '../../../shared/llm/chat-client.js';
import type { ModelFallbackReason } from './fallback.js';
import { buildAskMessages, DEFAULT_PROMPT_LIMITS, type PromptLimits } from './model-prompts.js';
import { guardAskReply } from './guard.js';
import { guardedModelCall } from './guarded-call.js';

/** Options of the model-backed ask and check: `config.llm` plus hooks. */
export interface ModelResearchOptions extends ModelClientOptions {
  /** Told why the built-in result was kept, for logs and metrics. */
  onFallback?: (reason: ModelFallbackReason, detail: string) => void;
  /** Most tokens the model may write (default 900). */
  maxTokens?: number;
  promptLimits?: PromptLimits;
}

export interface ModelAskInput {
  question: string;
  jurisdictionName: string;
  /** The retrieved sections, best first; the first few are shown to the model. */
  candidates: CandidateSection[];
  /** The built-in composer's answer from the same candidates: the fallback and the confidence cap. */
  builtIn: ComposedAnswer;
  /** A caller's abort (client gone): rethrown, not treated as a model failure. */
  signal?: AbortSignal;
}

export type ModelAsk = (input: ModelAskInput) => Promise<ComposedAnswer>;

/** An ask that lets the model word the answer under the verbatim-quote guard, falling back to `builtIn`. */
export function createModelAsk(options: ModelResearchOptions): ModelAsk {
  const limits = options.promptLimits ?? DEFAULT_PROMPT_LIMITS;
  return (input) =>
    guardedModelCall({
      options,
      limits,
      candidates: input.candidates,
      builtIn: input.builtIn,
      builtInCodes: input.builtIn.citations.map((c) => c.code),
      maxTokens: options.maxTokens ?? 900,
      signal: input.signal,
      messages: (shown) => buildAskMessages(input.question, input.jurisdictionName, shown, limits),
      guard: (content, shown) => {
        const guarded = guardAskReply(content, shown, input.builtIn);
        return guarded.ok ? { ok: true, value: guarded.answer } : guarded;
      },
    });
}

// A model-decided verdict for POST /v1/check, kept only when it passes the guard; otherwise the
// built-in verdict stands.
import type { CandidateSection } from '../ask/ask.types.js';
import type { ModelResearchOptions } from './model-ask.js';
import { buildCheckMessages, DEFAULT_PROMPT_LIMITS } from './model-prompts.js';
import { guardCheckReply, type CheckAnswer } from './guard.js';
import { guardedModelCall } from './guarded-call.js';

export interface ModelCheckInput {
  assertion: string;
  /** The retrieved sections, best first; the first few are shown to the model. */
  candidates: CandidateSection[];
  /** The built-in verdict from the same candidates: the fallback, and the quotes that may replace the model's. */
  builtIn: CheckAnswer;
  /** A caller's abort (client gone): rethrown, not treated as a model failure. */
  signal?: AbortSignal;
}

export type ModelCheck = (input: ModelCheckInput) => Promise<CheckAnswer>;

/** A check that lets the model decide the verdict under the verbatim-quote guard, falling back to `builtIn`. */
export function createModelCheck(options: ModelResearchOptions): ModelCheck {
  const limits = options.promptLimits ?? DEFAULT_PROMPT_LIMITS;
  return (input) =>
    guardedModelCall({
      options,
      limits,
      candidates: input.candidates,
      builtIn: input.builtIn,
      builtInCodes: input.builtIn.citations.map((c) => c.code),
      maxTokens: options.maxTokens ?? 600,
      signal: input.signal,
      messages: (shown) => buildCheckMessages(input.assertion, shown, limits),
      guard: (content, shown) => {
        const guarded = guardCheckReply(content, shown, input.builtIn);
        return guarded.ok ? { ok: true, value: guarded.result } : guarded;
      },
    });
}

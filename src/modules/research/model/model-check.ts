// A model-decided verdict for POST /v1/check, kept only when it passes the guard; otherwise the
// built-in verdict stands.
import type { CandidateSection } from '../ask/ask.types.js';
import { callChatModel, ModelCallError } from '../../../shared/llm/chat-client.js';
import type { ModelFallbackReason } from './fallback.js';
import type { ModelResearchOptions } from './model-ask.js';
import { buildCheckMessages, DEFAULT_PROMPT_LIMITS, shownSections } from './model-prompts.js';
import { guardCheckReply, type CheckAnswer } from './guard.js';

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
  return async (input) => {
    const fallback = (reason: ModelFallbackReason, detail: string): CheckAnswer => {
      options.onFallback?.(reason, detail);
      return input.builtIn;
    };
    const shown = shownSections(input.candidates, limits, input.builtIn.citations.map((c) => c.code));
    if (shown.length === 0) return fallback('no-candidates', 'no sections retrieved');
    let content: string;
    try {
      const messages = buildCheckMessages(input.assertion, shown, limits);
      content = await callChatModel(options, messages, { maxTokens: options.maxTokens ?? 600, ...(input.signal ? { signal: input.signal } : {}) });
    } catch (error) {
      if (error instanceof ModelCallError) return fallback(error.reason, error.message);
      throw error;
    }
    const guarded = guardCheckReply(content, shown, input.builtIn);
    return guarded.ok ? guarded.result : fallback(guarded.reason, guarded.detail);
  };
}

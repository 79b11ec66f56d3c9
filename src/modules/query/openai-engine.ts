import type { AnswerEngine, AnswerRequest, AnswerResult } from './answer-engine.js';
import { buildMessages, DEFAULT_PROMPT_LIMITS, type PromptLimits } from './openai-prompt.js';
import { guardModelAnswer } from './guard.js';

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

class ModelCallError extends Error {
  constructor(
    readonly reason: FallbackReason,
    message: string,
  ) {
    super(message);
  }
}

/** The assistant text of a chat-completions response body, or a ModelCallError. */
function contentOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) throw new ModelCallError('bad-response', 'body is not an object');
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) throw new ModelCallError('bad-response', 'no choices');
  const message = (choices[0] as { message?: unknown } | null)?.message;
  const content = typeof message === 'object' && message !== null ? (message as { content?: unknown }).content : undefined;
  if (typeof content !== 'string') throw new ModelCallError('bad-response', 'choices[0].message.content is not a string');
  return content;
}

/**
 * An engine that asks an OpenAI-compatible chat model (vLLM, llama.cpp server, Ollama, hosted
 * models) to answer from the retrieved passages, then checks the answer with the citation guard.
 * A model failure never reaches the user: the fallback engine (the extractive one) answers instead.
 * A caller's abort is not a model failure: it is rethrown.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): AnswerEngine {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const limits = options.promptLimits ?? DEFAULT_PROMPT_LIMITS;

  async function callModel(request: AnswerRequest, signal: AbortSignal | undefined): Promise<string> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers,
        signal: combined,
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          max_tokens: options.maxTokens ?? 700,
          stream: false,
          messages: buildMessages(request, limits),
        }),
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new ModelCallError('timeout', `no answer within ${options.timeoutMs} ms`);
      throw new ModelCallError('network-error', error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new ModelCallError('http-error', `HTTP ${response.status}: ${text.slice(0, 200)}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ModelCallError('bad-response', `not JSON: ${text.slice(0, 200)}`);
    }
    return contentOf(body);
  }

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
      const guarded = guardModelAnswer(content, request.passages.map((p) => p.fileId));
      if (guarded === null) return fallback(request, signal, 'guard-rejected', content.slice(0, 200));
      return guarded;
    },
  };
}

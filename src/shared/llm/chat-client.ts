// The OpenAI-compatible chat-completions caller that every model-backed engine uses (workspace
// answers, statute ask and check): POST, temperature 0, Bearer key when set, one timeout for the
// whole call, and a typed error for every way the model can fail.

/** Where and how to reach the model: the shape of `config.llm`, plus an injectable fetch for tests. */
export interface ModelClientOptions {
  /** Used as given: `{baseUrl}/chat/completions` is called, so it normally ends in `/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>`; no header when empty (local servers need none). */
  apiKey: string;
  /** The whole call, connection to last byte. */
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/** One chat message of the chat-completions protocol. */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** A model call that produced no usable assistant text. */
export class ModelCallError extends Error {
  override name = 'ModelCallError';
  constructor(
    readonly reason: 'http-error' | 'timeout' | 'network-error' | 'bad-response',
    message: string,
  ) {
    super(message);
  }
}

/** The assistant text of a chat-completions response body. */
function contentOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) throw new ModelCallError('bad-response', 'body is not an object');
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) throw new ModelCallError('bad-response', 'no choices');
  const first: unknown = choices[0];
  const message = typeof first === 'object' && first !== null ? (first as { message?: unknown }).message : undefined;
  const content = typeof message === 'object' && message !== null ? (message as { content?: unknown }).content : undefined;
  if (typeof content !== 'string') throw new ModelCallError('bad-response', 'choices[0].message.content is not a string');
  return content;
}

/**
 * Sends `messages` to `{baseUrl}/chat/completions` and returns the assistant's text, or throws a
 * ModelCallError. A caller's `signal` aborting is not a model failure: its reason is rethrown.
 */
export async function callChatModel(
  options: ModelClientOptions,
  messages: ChatMessage[],
  call: { maxTokens: number; signal?: AbortSignal },
): Promise<string> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers,
      signal,
      body: JSON.stringify({ model: options.model, temperature: 0, max_tokens: call.maxTokens, stream: false, messages }),
    });
    text = await response.text();
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
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

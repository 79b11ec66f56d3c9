import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply of the fake model server. */
export type FakeReply =
  | { content: string }
  | { status: number; body: string; contentType?: string }
  | { delayMs: number; then: FakeReply };

/** A request the fake server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>/v1`, to use as the engine's base URL. */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Replies chosen from the request itself, for callers that send several requests at once. */
export type FakeResponder = (body: unknown) => FakeReply;

/**
 * A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol at
 * `/v1/chat/completions`, answering each request with the next scripted reply (the last one
 * repeats), or with what a responder returns for it, and recording every request. It stands in
 * only for the remote model.
 */
export async function startFakeOpenAi(script: FakeReply[] | FakeResponder): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Recorded as text: the test decides whether that is wrong.
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        send(res, { status: 404, body: '{"error":"not found"}' });
        return;
      }
      const reply = typeof script === 'function' ? script(body) : (script[Math.min(next, script.length - 1)] ?? { status: 500, body: 'no script' });
      next++;
      send(res, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, reply: FakeReply): void {
  if ('delayMs' in reply) {
    const timer = setTimeout(() => send(res, reply.then), reply.delayMs);
    res.on('close', () => clearTimeout(timer));
    return;
  }
  if ('content' in reply) {
    const body = {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 0,
      model: 'fake',
      choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return;
  }
  res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' }).end(reply.body);
}

import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response (Content-Length or connection-close framed) from raw bytes. */
function parse(raw: string): RawResponse | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(end + 4);
  const length = Number(headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && Buffer.byteLength(body) < length) return null;
  return { status: Number(statusLine?.split(' ')[1]), headers, body };
}

/**
 * A raw HTTP client for requests fetch cannot send (malformed bodies, slow bodies, giant headers):
 * writes `head` and then each chunk of `body` as given, and resolves with the first response.
 * `hangUp` ends the connection after the body instead of waiting for an answer.
 */
export function rawRequest(baseUrl: string, head: string, body: Array<string | Buffer> = [], options: { hangUp?: boolean; gapMs?: number } = {}): { response: Promise<RawResponse | null>; socket: Socket } {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  const response = new Promise<RawResponse | null>((resolve, reject) => {
    let raw = '';
    socket.on('data', (chunk) => {
      raw += chunk.toString('latin1');
      const parsed = parse(raw);
      if (parsed) {
        resolve(parsed);
        socket.destroy();
      }
    });
    socket.on('error', (error) => (raw ? resolve(parse(raw)) : reject(error)));
    socket.on('close', () => resolve(parse(raw)));
  });
  socket.on('connect', async () => {
    socket.write(head);
    for (const chunk of body) {
      if (socket.destroyed) return;
      if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      if (socket.destroyed) return;
      socket.write(chunk);
    }
    if (options.hangUp) socket.destroy();
  });
  return { response, socket };
}

/** A request head with the given lines plus Host, ending with the blank line. */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: localhost', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

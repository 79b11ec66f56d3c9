import type { TestServer } from './test-server.js';

/** Uploads bytes as the multipart part `file`, as a client would. */
export function upload(
  server: TestServer,
  workspaceId: number,
  key: string,
  content: string | Uint8Array,
  options: { fileName?: string; idempotencyKey?: string; query?: string; partName?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(options.partName ?? 'file', new Blob([content]), options.fileName ?? 'document.txt');
  const headers: Record<string, string> = {};
  if (options.idempotencyKey !== undefined) headers['x-idempotency-key'] = options.idempotencyKey;
  return server.request(`/v1/workspaces/${workspaceId}/documents${options.query ?? ''}`, { method: 'POST', key, body: form, headers });
}

/**
 * An upload whose body stalls after its first bytes until `release()` is called: a request that
 * is still in flight, for idempotency and load tests.
 */
export function stalledUpload(server: TestServer, workspaceId: number, key: string, content: string, idempotencyKey: string) {
  const boundary = 'folioTestBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const encoder = new TextEncoder();
  let step = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (step === 0) controller.enqueue(encoder.encode(head + content.slice(0, 10)));
      else if (step === 1) {
        await gate;
        controller.enqueue(encoder.encode(content.slice(10) + tail));
      } else controller.close();
      step++;
    },
  });
  const response = fetch(`${server.baseUrl}/v1/workspaces/${workspaceId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-idempotency-key': idempotencyKey },
    body,
    duplex: 'half',
  } as RequestInit);
  return { response, release: () => release() };
}

/** Polls a file until it leaves `processing`, or fails the test after `timeoutMs`. */
export async function waitForStatus(server: TestServer, workspaceId: number, fileId: number, key: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.request(`/v1/workspaces/${workspaceId}/documents/${fileId}`, { key });
    if (response.status === 429 || response.status === 503) {
      // Polling a slow ingestion can outrun the key's rate limit on a busy machine, and a server whose
      // cores are busy may shed the read: wait as told, then poll on.
      await response.body?.cancel();
      if (Date.now() > deadline) throw new Error(`file ${fileId} still processing after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, Math.min(5000, Number(response.headers.get('retry-after') ?? 1) * 1000)));
      continue;
    }
    const body = (await response.json()) as { status: string; error: string | null; page_count: number | null; content_type: string | null };
    if (body.status !== 'processing') return body;
    if (Date.now() > deadline) throw new Error(`file ${fileId} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

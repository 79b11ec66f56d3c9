import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from './test-server.js';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'src', 'modules', 'projects', 'engine', '__fixtures__');
export const fixtureText = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

export interface CellBody {
  row_id: number;
  column_id: number;
  status: string;
  value: unknown;
  display: string | null;
  citations: Array<{ file_id: number; page: number; quote: string; start: number; end: number }>;
  error: string | null;
}
export interface CellsBody {
  progress: { done: number; failed: number; total: number };
  cells: CellBody[];
}

/** A JSON request against the server. */
export async function call(server: TestServer, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await server.request(path, {
    method,
    key,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Polls a project's cells until none is pending or running (a hang fails after `timeoutMs`). */
export async function waitForCells(server: TestServer, key: string, workspaceId: number, projectId: number, timeoutMs = 60_000): Promise<CellsBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(server, key, 'GET', `/v1/workspaces/${workspaceId}/projects/${projectId}/cells`);
    const cells = body as CellsBody;
    if (cells.progress.done + cells.progress.failed === cells.progress.total) return cells;
    if (Date.now() > deadline) throw new Error(`cells still running after ${timeoutMs} ms: ${JSON.stringify(cells.progress)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

import type { ImportRepository } from './import.repository.js';

interface WaitDeps {
  imports: ImportRepository;
  pollMs: number;
  onPoll?: () => Promise<void>;
}

/**
 * Waits until none of `ids` is `processing` any more (each is ready or failed). The jobs may be
 * run by another process (the server), so the database is read again every `pollMs`: a state
 * is awaited, never a duration.
 */
export async function waitForIngestion(
  deps: WaitDeps,
  workspaceId: number,
  ids: number[],
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  for (;;) {
    await deps.onPoll?.();
    const left = (await processingAmong(deps, workspaceId, ids)).length;
    onProgress(ids.length - left, ids.length);
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs));
  }
}

/** Which of `ids` are still processing: one range query, filtered here (the ids of one import are close together). */
export async function processingAmong(deps: Pick<WaitDeps, 'imports'>, workspaceId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  const [from, to] = range(ids);
  return (await deps.imports.processingBetween(workspaceId, from, to)).filter((id) => wanted.has(id));
}

/** Which of `ids` failed, with their reasons. */
export async function failedAmong(deps: Pick<WaitDeps, 'imports'>, workspaceId: number, ids: number[]): Promise<Array<{ id: number; error: string | null }>> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  const [from, to] = range(ids);
  return (await deps.imports.failedBetween(workspaceId, from, to)).filter((f) => wanted.has(f.id));
}

function range(ids: number[]): [number, number] {
  let from = Infinity;
  let to = -Infinity;
  for (const id of ids) {
    if (id < from) from = id;
    if (id > to) to = id;
  }
  return [from, to];
}

import type { CoreDeps } from '../../../shared/deps.js';
import { isoNow } from '../../../shared/clock.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { directoryNotEmpty, directoryNotFound, fileNotFound } from '../documents.errors.js';
import type { PassageIndex } from '../passages/passage-index.js';
import type { DeletionRepository } from './deletion.repository.js';

export interface DeletionDeps extends CoreDeps {
  deletion: DeletionRepository;
  passages: Pick<PassageIndex, 'deleteFiles'>;
  blobs: Pick<BlobStore, 'delete'>;
  /** Wakes the review-table runner: cells of rows that lost a file are queued to run again. */
  cellRunner?: { kick(): void };
}

/** Removes one file from the workspace: tree, passages, page texts, jobs, and its blob if unshared. */
export async function deleteFile(deps: DeletionDeps, workspaceId: number, fileId: number): Promise<void> {
  const file = await deps.store.documents.getFile(workspaceId, fileId);
  if (!file) throw fileNotFound();
  await removeFiles(deps, workspaceId, [{ id: file.id, sha256: file.sha256 }], []);
}

/** Removes a directory: only an empty one, unless `recursive`, which takes everything below it. */
export async function deleteDirectory(deps: DeletionDeps, workspaceId: number, directoryId: number, recursive: boolean): Promise<{ files: number; directories: number }> {
  if (!(await deps.store.documents.getDirectory(workspaceId, directoryId))) throw directoryNotFound();
  if (!recursive && (await deps.deletion.hasChildren(workspaceId, directoryId))) throw directoryNotEmpty();
  const { directoryIds, files } = await deps.deletion.subtree(workspaceId, directoryId);
  await removeFiles(deps, workspaceId, files, directoryIds);
  return { files: files.length, directories: directoryIds.length };
}

/**
 * Passages go first: they point at the file rows. If the process dies midway the file is still
 * listed (without passages, so never cited) and deleting it again finishes the job. Blobs go
 * last, after the rows are committed, and only those no file of any workspace still uses.
 */
async function removeFiles(deps: DeletionDeps, workspaceId: number, files: Array<{ id: number; sha256: string }>, directoryIds: number[]): Promise<void> {
  const fileIds = files.map((f) => f.id);
  for (let attempt = 1; ; attempt++) {
    await deps.passages.deleteFiles(workspaceId, fileIds);
    try {
      await deps.deletion.deleteRows(workspaceId, fileIds, directoryIds, isoNow(deps.clock));
      break;
    } catch (error) {
      // An ingestion job that was running when the delete began indexed the file again just
      // now (its passages hold the row by a foreign key): remove them once more and retry.
      if (attempt >= 3 || !isForeignKeyViolation(error)) throw error;
    }
  }
  deps.cellRunner?.kick();
  const inUse = await deps.deletion.contentsInUse(files.map((f) => f.sha256));
  for (const sha256 of new Set(files.map((f) => f.sha256))) {
    if (!inUse.has(sha256)) await deps.blobs.delete(sha256);
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

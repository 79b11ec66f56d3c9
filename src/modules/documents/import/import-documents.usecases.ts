import { rm } from 'node:fs/promises';
import type { WorkspaceRow } from '../../../db/schema.js';
import type { CoreDeps } from '../../../shared/deps.js';
import { invalidInput, notFound } from '../../admin.errors.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { addStoredFile } from '../upload/upload.usecases.js';
import { createDirectoryChains } from './directory-chain.js';
import type { ImportRepository } from './import.repository.js';
import type { ImportRequest, ImportSummary } from './import.types.js';
import { readImportSource } from './stage-file.js';
import { describeFsError, walkImportPaths, type WalkEntry } from './walk-tree.js';
import { failedAmong, processingAmong, waitForIngestion } from './wait-for-ingestion.js';

export interface ImportDeps extends CoreDeps {
  /** The blob store with this process's own spool folder. */
  blobs: BlobStore;
  imports: ImportRepository;
  pendingJobs: () => Promise<number>;
  /** The HTTP upload's size limit, applied to every file. */
  maxUploadBytes: number;
  /**
   * Queued jobs beyond which the import waits before adding more, so that HTTP uploads beside it
   * keep room under the queue limit; null when nothing processes the queue now (--no-wait with
   * no server), where waiting would never end.
   */
  queueDepth: () => number | null;
  /** How often waits look at the database again. */
  pollMs: number;
  /** Called on every poll while waiting: the CLI takes over the queue here if the server went away. */
  onPoll?: () => Promise<void>;
}

/** Files stored at once: overlaps one file's fsync with the next one's reading. */
const PARALLEL_FILES = 4;

/**
 * `folio import documents`: stores every file under the paths as the HTTP upload does (same
 * deduplication, limits, blob store and ingestion queue), keeping the folder structure as
 * directories. Bytes the workspace already holds are skipped, so a rerun finishes what an
 * interrupted run left; one bad file fails alone and is reported with its reason.
 */
export async function importDocuments(deps: ImportDeps, orgId: string, request: ImportRequest): Promise<ImportSummary> {
  const workspace = await deps.store.workspaces.getById(orgId, request.workspaceId);
  if (!workspace) throw notFound('workspace', request.workspaceId);
  if (request.parentDirectoryId !== null && !(await deps.store.documents.getDirectory(workspace.id, request.parentDirectoryId))) {
    throw notFound('directory in this workspace', request.parentDirectoryId);
  }
  if (request.paths.length === 0) throw invalidInput('name at least one file or folder to import');

  const entries: WalkEntry[] = [];
  for await (const entry of walkImportPaths(request.paths)) entries.push(entry);
  const files = entries.filter((e) => e.kind === 'file');
  const progress = { phase: 'store' as const, filesDone: 0, filesTotal: files.length, bytesDone: 0, bytesTotal: files.reduce((n, f) => n + f.size, 0) };
  const report = () => request.onProgress?.({ ...progress });

  const failed: ImportSummary['failed'] = [];
  const pathOfId = new Map<number, string>();
  const added = new Set<number>();
  let skipped = 0;
  const chains = createDirectoryChains(deps, workspace.id, request.parentDirectoryId);

  const importOne = async (entry: Extract<WalkEntry, { kind: 'file' }>) => {
    try {
      const outcome = await storeOne(deps, workspace, await chains.ensure(entry.dirs), entry);
      if (outcome.kind === 'failed') failed.push({ path: entry.path, reason: outcome.reason });
      else {
        pathOfId.set(outcome.fileId, entry.path);
        if (outcome.kind === 'added') added.add(outcome.fileId);
        else skipped += 1;
      }
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ? describeFsError(error as NodeJS.ErrnoException) : (error as Error).message;
      failed.push({ path: entry.path, reason });
    }
    progress.filesDone += 1;
    progress.bytesDone += entry.size;
    report();
  };

  report();
  const running = new Set<Promise<void>>();
  for (const entry of entries) {
    if (entry.kind === 'unreadable') failed.push({ path: entry.path, reason: entry.reason });
    else if (entry.kind === 'directory') await chains.ensure(entry.dirs);
    else {
      await waitForQueueRoom(deps);
      const task = importOne(entry).finally(() => running.delete(task));
      running.add(task);
      if (running.size >= PARALLEL_FILES) await Promise.race(running);
    }
  }
  await Promise.all(running);

  // Files that this run added, and files an earlier run added that are still being processed.
  const watched = [...pathOfId.keys()];
  let pending = 0;
  if (request.wait && workspace.index_frozen === 0) {
    await waitForIngestion(deps, workspace.id, watched, (done, total) => request.onProgress?.({ ...progress, phase: 'process', filesDone: done, filesTotal: total }));
  } else {
    pending = (await processingAmong(deps, workspace.id, watched)).length;
  }
  const failedIds = new Set<number>();
  for (const file of await failedAmong(deps, workspace.id, watched)) {
    failedIds.add(file.id);
    failed.push({ path: pathOfId.get(file.id) ?? String(file.id), reason: file.error ?? 'text extraction failed' });
  }
  const imported = [...added].filter((id) => !failedIds.has(id)).length;
  skipped -= [...failedIds].filter((id) => !added.has(id)).length;
  const unreadableFiles = entries.filter((e) => e.kind === 'unreadable').length;
  return { files: files.length + unreadableFiles, bytes: progress.bytesTotal, imported, skipped, failed, pending };
}

type StoreOutcome = { kind: 'added' | 'present'; fileId: number } | { kind: 'failed'; reason: string };

async function storeOne(deps: ImportDeps, workspace: WorkspaceRow, directoryId: number | null, entry: Extract<WalkEntry, { kind: 'file' }>): Promise<StoreOutcome> {
  if (entry.size > deps.maxUploadBytes) return tooLarge(entry.size, deps.maxUploadBytes);
  // Hash first, copy only what is new: a rerun over a folder already imported writes nothing.
  const source = await readImportSource(entry.path);
  // The file may have grown since the folder was walked.
  if (source.size > deps.maxUploadBytes) return tooLarge(source.size, deps.maxUploadBytes);
  const existing = await deps.store.documents.getFileBySha256(workspace.id, source.sha256);
  if (existing) return { kind: 'present', fileId: existing.id };
  const received = await source.spool(deps.blobs.tempDir(), entry.name);
  try {
    const { file, created } = await addStoredFile(deps, workspace, directoryId, received);
    return { kind: created ? 'added' : 'present', fileId: file.id };
  } finally {
    await rm(received.tempPath, { force: true });
  }
}

function tooLarge(size: number, limit: number): StoreOutcome {
  return { kind: 'failed', reason: `File too large (${size} bytes; the limit is ${limit})` };
}

async function waitForQueueRoom(deps: ImportDeps): Promise<void> {
  for (;;) {
    const depth = deps.queueDepth();
    if (depth === null || (await deps.pendingJobs()) < depth) return;
    await deps.onPoll?.();
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs));
  }
}

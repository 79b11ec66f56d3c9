import { rm } from 'node:fs/promises';
import type { FileRow, WorkspaceRow } from '../../../db/schema.js';
import { retryOnBusy } from '../../../db/write-retry.js';
import type { CoreDeps } from '../../../shared/deps.js';
import { temporarilyUnavailable } from '../../auth/auth.errors.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { notADirectoryOfWorkspace } from '../documents.errors.js';
import type { IngestionQueue } from '../ingestion/ingestion-queue.js';
import { queueHasRoom, type QueueLimits } from '../ingestion/queue-room.js';
import type { ReceivedFile } from './receive-multipart.js';

export interface UploadDeps extends CoreDeps {
  blobs: BlobStore;
  queue: IngestionQueue;
  /** Pending jobs of a workspace, an org and the server beyond which uploads are shed with 503. */
  queueLimits: QueueLimits;
  /** How long an upload waits for its own ingestion before answering `processing`. */
  readyWaitMs: number;
}

export interface UploadResult {
  file_id: number;
  file_name: string;
  status: string;
}

export async function assertDirectoryOfWorkspace(deps: CoreDeps<'documents'>, workspaceId: number, directoryId: number | null): Promise<void> {
  if (directoryId !== null && !(await deps.store.documents.getDirectory(workspaceId, directoryId))) {
    throw notADirectoryOfWorkspace(directoryId);
  }
}

/** Sheds the upload before its body is read when its workspace's, its org's or the server's queue is full. */
export async function assertQueueHasRoom(deps: UploadDeps, workspace: WorkspaceRow): Promise<void> {
  const counts = await deps.queue.pendingFor(workspace.org_id, workspace.id, deps.queueLimits);
  if (!queueHasRoom(counts, deps.queueLimits)) throw temporarilyUnavailable(5);
}

/**
 * Stores an upload: the same bytes already in the workspace answer with that file; otherwise the
 * blob is made durable first and only then the file row and its ingestion job are committed, so no
 * row ever points at a missing blob. A small file is usually ready by the time this returns.
 */
export async function storeUpload(
  deps: UploadDeps,
  workspace: WorkspaceRow,
  parentDirectoryId: number | null,
  received: ReceivedFile,
): Promise<UploadResult> {
  const { file, created } = await addStoredFile(deps, workspace, parentDirectoryId, received);
  if (!created) return { file_id: file.id, file_name: file.file_name, status: file.status };
  deps.queue.notify();
  if (workspace.index_frozen === 0) await deps.queue.waitFor(file.id, deps.readyWaitMs);
  const current = await deps.store.documents.getFile(workspace.id, file.id);
  return { file_id: file.id, file_name: file.file_name, status: current?.status ?? file.status };
}

/**
 * The storing half of an upload, shared by HTTP and the bulk import (`documents/import`):
 * deduplicates by content in the workspace, makes the blob durable, then commits the file row and
 * its ingestion job together. `created` is false when the workspace already held these bytes.
 */
export async function addStoredFile(
  deps: CoreDeps<'documents'> & { blobs: BlobStore },
  workspace: WorkspaceRow,
  parentDirectoryId: number | null,
  received: ReceivedFile,
): Promise<{ file: FileRow; created: boolean }> {
  const existing = await deps.store.documents.getFileBySha256(workspace.id, received.sha256);
  if (existing) {
    await rm(received.tempPath, { force: true });
    return { file: existing, created: false };
  }
  await deps.blobs.putFile(received.tempPath, received.sha256);
  const now = deps.clock.now().toISOString();
  // The blob is durable; the rows wait out another process's write lock rather than failing.
  const created = await retryOnBusy(() => deps.store.documents.insertFileWithJob({
    workspace_id: workspace.id,
    parent_directory_id: parentDirectoryId,
    file_name: received.fileName,
    sha256: received.sha256,
    size_bytes: received.size,
    content_type: null,
    status: 'processing',
    error: null,
    page_count: null,
    created_at: now,
    updated_at: now,
  }));
  const file = created ?? (await deps.store.documents.getFileBySha256(workspace.id, received.sha256));
  if (!file) throw new Error('file vanished after a unique conflict');
  return { file, created: created !== undefined };
}

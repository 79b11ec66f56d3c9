import { mkdirSync, rmSync } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobStore } from './blob-store.js';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Blobs in `<root>/ab/cd/<sha256>`. A blob becomes visible only by rename after its bytes and
 * its directory entry are fsynced, so a crash leaves either the whole blob or none.
 */
export function createLocalBlobStore(root: string, options: { spool?: string } = {}): BlobStore {
  // Another process (a bulk import beside the server) passes its own spool folder, so that it
  // never empties the server's spool of uploads in flight.
  const tmp = join(root, options.spool ?? 'tmp');
  // Spooled uploads of a process that died mid-request are never completed: start clean.
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const pathOf = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  // Fan-out folders known to exist: each upload then skips a mkdir round trip through libuv.
  const made = new Set<string>();
  return {
    async putFile(tempPath, sha256) {
      const target = pathOf(sha256);
      const folder = dirname(target);
      await fsync(tempPath);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      // No existence check first: blobs are named by their content, so renaming over an existing
      // blob replaces it with the same bytes, atomically; a duplicate costs one fsync, every
      // upload saves a round trip.
      await rename(tempPath, target);
      await fsync(folder);
    },
    async has(sha256) {
      return exists(pathOf(sha256));
    },
    async delete(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
    async withLocalPath(sha256, use) {
      return use(pathOf(sha256));
    },
    tempDir: () => tmp,
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

async function fsync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

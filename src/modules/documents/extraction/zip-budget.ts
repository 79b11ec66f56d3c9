import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { DEFAULT_ZIP_POLICY, type ZipBombPolicy, type ZipEntry } from './zip-directory.js';

const LOCAL_SIG = 0x04034b50;

/*
 * The declared sizes checked by zipBombReason are the archive's own word: a bomb can declare 4 KB and
 * inflate to gigabytes. Before a library inflates the parts (holding them whole in memory), every entry is
 * inflated here as a stream and counted, its output thrown away, and the count stops at the first byte past
 * the entry's declared size or the archive's total budget, whichever comes first, so memory stays constant.
 */

/** Why the archive's real content exceeds what it declares or the policy allows, or null when it does not. */
export async function inflatedSizeReason(path: string, entries: ZipEntry[], policy: ZipBombPolicy = DEFAULT_ZIP_POLICY): Promise<string | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    let total = 0;
    for (const entry of entries) {
      const header = Buffer.alloc(30);
      const { bytesRead } = await file.read(header, 0, 30, entry.localHeaderOffset);
      if (bytesRead < 30 || header.readUInt32LE(0) !== LOCAL_SIG) continue; // corrupt: the library reports it
      const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const length = Math.max(0, Math.min(entry.compressedSize, size - start));
      const budget = policy.maxTotalUncompressedBytes - total;
      const allowed = Math.min(entry.uncompressedSize, budget);
      let produced: number;
      if (entry.method === 0) produced = length;
      else if (entry.method === 8) produced = await inflateCounting(path, start, length, allowed);
      else continue; // a method the libraries cannot read either: they fail the file
      if (produced > entry.uncompressedSize) {
        return `the archive looks like a zip bomb: ${entry.name} inflates to more than its declared ${formatBytes(entry.uncompressedSize)}`;
      }
      total += produced;
      if (produced > budget) {
        return `the archive looks like a zip bomb: it expands to more than ${formatBytes(policy.maxTotalUncompressedBytes)}`;
      }
    }
    return null;
  } finally {
    await file.close();
  }
}

/** Inflates `length` raw-deflate bytes from `start`, counting output; stops once past `limit` (returns the count so far). */
async function inflateCounting(path: string, start: number, length: number, limit: number): Promise<number> {
  if (length === 0) return 0;
  const input = createReadStream(path, { start, end: start + length - 1, highWaterMark: 64 * 1024 });
  const inflate = createInflateRaw();
  input.pipe(inflate);
  let produced = 0;
  try {
    for await (const chunk of inflate) {
      produced += (chunk as Buffer).length;
      if (produced > limit) break;
    }
  } catch {
    // Corrupt deflate data is not a bomb; the document library reports it as unreadable.
  } finally {
    input.unpipe(inflate);
    input.destroy();
    inflate.destroy();
  }
  return produced;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(0)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

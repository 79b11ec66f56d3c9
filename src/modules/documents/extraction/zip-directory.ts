import { open } from 'node:fs/promises';

/*
 * Why a hand-written reader: DOCX and XLSX are zips, and we need two things before any library inflates
 * them: the entry names (to tell DOCX from XLSX from other zips) and the declared sizes (to refuse zip
 * bombs). jszip, which mammoth and exceljs use, is not our dependency and inflates as it reads. The central
 * directory is a small fixed-layout structure (PKWARE APPNOTE 4.3.12-4.3.16); reading it is ~100 lines.
 */

/** One entry of a zip's central directory, with the sizes the archive declares. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflate (the only two DOCX/XLSX use). */
  method: number;
  /** Where the entry's local header starts; its data follows that header. */
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
/** The EOCD record is 22 bytes plus a comment of up to 65,535 bytes. */
const EOCD_SEARCH = 22 + 0xffff;
/** A directory larger than this is itself a sign of abuse (about a million entries). */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

/** Reads a zip file's central directory; null when the file is not a readable zip. */
export async function readZipDirectory(path: string): Promise<ZipEntry[] | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, EOCD_SEARCH);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0 || eocd + 22 > tail.length || tail.readUInt32LE(eocd) !== EOCD_SIG) return null;
    let count = tail.readUInt16LE(eocd + 10);
    let dirSize = tail.readUInt32LE(eocd + 12);
    let dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
      const locAt = size - tailLength + eocd - 20;
      if (locAt < 0) return null;
      const loc = Buffer.alloc(20);
      await file.read(loc, 0, 20, locAt);
      if (loc.readUInt32LE(0) !== ZIP64_LOCATOR_SIG) return null;
      const rec = Buffer.alloc(56);
      await file.read(rec, 0, 56, Number(loc.readBigUInt64LE(8)));
      if (rec.readUInt32LE(0) !== ZIP64_EOCD_SIG) return null;
      count = Number(rec.readBigUInt64LE(32));
      dirSize = Number(rec.readBigUInt64LE(40));
      dirOffset = Number(rec.readBigUInt64LE(48));
    }
    if (dirSize > MAX_DIRECTORY_BYTES || dirOffset + dirSize > size) return null;
    const dir = Buffer.alloc(dirSize);
    await file.read(dir, 0, dirSize, dirOffset);
    return parseCentralDirectory(dir, count);
  } finally {
    await file.close();
  }
}

/** Parses central directory records; stops at the first malformed one. */
export function parseCentralDirectory(dir: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count && at + 46 <= dir.length; i++) {
    if (dir.readUInt32LE(at) !== CENTRAL_SIG) break;
    let compressedSize = dir.readUInt32LE(at + 20);
    let uncompressedSize = dir.readUInt32LE(at + 24);
    const method = dir.readUInt16LE(at + 10);
    let localHeaderOffset = dir.readUInt32LE(at + 42);
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    const name = dir.toString('utf8', at + 46, at + 46 + nameLength);
    const extraStart = at + 46 + nameLength;
    const zip64 = findZip64Extra(dir.subarray(extraStart, extraStart + extraLength));
    if (zip64) {
      // The ZIP64 field lists only the values whose 32-bit slot is saturated, in this order.
      let k = 0;
      if (uncompressedSize === 0xffffffff && zip64.length >= k + 8) { uncompressedSize = Number(zip64.readBigUInt64LE(k)); k += 8; }
      if (compressedSize === 0xffffffff && zip64.length >= k + 8) { compressedSize = Number(zip64.readBigUInt64LE(k)); k += 8; }
      if (localHeaderOffset === 0xffffffff && zip64.length >= k + 8) localHeaderOffset = Number(zip64.readBigUInt64LE(k));
    }
    entries.push({ name, compressedSize, uncompressedSize, method, localHeaderOffset });
    at = extraStart + extraLength + commentLength;
  }
  return entries;
}

function findZip64Extra(extra: Buffer): Buffer | null {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) return extra.subarray(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return null;
}

/** Limits on what a zip may declare before we let a library inflate it. */
export interface ZipBombPolicy {
  maxTotalUncompressedBytes: number;
  /** Ratio above which a large entry is refused. */
  maxRatio: number;
  /** Entries smaller than this are not ratio-checked: tiny XML parts compress very well legitimately. */
  ratioCheckAboveBytes: number;
}

export const DEFAULT_ZIP_POLICY: ZipBombPolicy = {
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  ratioCheckAboveBytes: 10 * 1024 * 1024,
};

/** Why the declared sizes look like a zip bomb, or null when they are acceptable. */
export function zipBombReason(entries: Array<Pick<ZipEntry, 'name' | 'compressedSize' | 'uncompressedSize'>>, policy: ZipBombPolicy = DEFAULT_ZIP_POLICY): string | null {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (entry.uncompressedSize > policy.ratioCheckAboveBytes) {
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (ratio > policy.maxRatio) {
        return `the archive looks like a zip bomb: ${entry.name} expands ${Math.round(ratio)} times to ${mb(entry.uncompressedSize)}`;
      }
    }
  }
  if (total > policy.maxTotalUncompressedBytes) {
    return `the archive looks like a zip bomb: it expands to ${mb(total)} (limit ${mb(policy.maxTotalUncompressedBytes)})`;
  }
  return null;
}

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
}

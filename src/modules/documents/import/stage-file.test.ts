import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READ_ONCE_MAX_BYTES, readImportSource } from './stage-file.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('readImportSource', () => {
  const withFolder = async (run: (dir: string) => Promise<void>) => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-stage-'));
    try {
      await run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  test('a small file is hashed and spooled from one reading: the spool holds the bytes hashed, even if the file changed since', () =>
    withFolder(async (dir) => {
      const path = join(dir, 'Supply Agreement.txt');
      const text = 'This Supply Agreement is governed by the laws of the State of New York.';
      writeFileSync(path, text);
      const source = await readImportSource(path);
      assert.equal(source.sha256, sha256(text));
      assert.equal(source.size, Buffer.byteLength(text));
      writeFileSync(path, 'changed after it was read');
      const spooled = await source.spool(dir, 'Supply Agreement.txt');
      assert.equal(readFileSync(spooled.tempPath, 'utf8'), text);
      assert.deepEqual({ sha256: spooled.sha256, size: spooled.size, fileName: spooled.fileName }, { sha256: sha256(text), size: source.size, fileName: 'Supply Agreement.txt' });
    }));

  test('a file over the read-once size is streamed, and the spool is hashed as it is copied', () =>
    withFolder(async (dir) => {
      const path = join(dir, 'scan.pdf');
      const bytes = Buffer.alloc(READ_ONCE_MAX_BYTES + 1, 7);
      writeFileSync(path, bytes);
      const source = await readImportSource(path);
      assert.deepEqual({ sha256: source.sha256, size: source.size }, { sha256: sha256(bytes), size: bytes.length });
      const spooled = await source.spool(dir, 'scan.pdf');
      assert.equal(spooled.sha256, sha256(bytes));
      assert.equal(sha256(readFileSync(spooled.tempPath)), sha256(bytes));
    }));

  test('a missing file is an error with its code, as the walk reported it', () =>
    withFolder(async (dir) => {
      await assert.rejects(readImportSource(join(dir, 'gone.txt')), { code: 'ENOENT' });
    }));
});

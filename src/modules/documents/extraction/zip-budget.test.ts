import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildBombDocx } from './__fixtures__/zip-bomb.js';
import { inflatedSizeReason } from './zip-budget.js';
import { DEFAULT_ZIP_POLICY, readZipDirectory, zipBombReason } from './zip-directory.js';

const fixture = (name: string) => join(import.meta.dirname, '__fixtures__', name);

describe('inflatedSizeReason', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-zip-budget-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a real DOCX and XLSX inflate to what they declare', async () => {
    for (const name of ['lease.docx', 'two-sheets.xlsx']) {
      const entries = (await readZipDirectory(fixture(name)))!;
      assert.equal(await inflatedSizeReason(fixture(name), entries), null);
    }
  });

  test('a 3 GiB entry that declares 4 KB is caught after inflating just past 4 KB', async () => {
    const path = join(dir, 'liar.docx');
    writeFileSync(path, buildBombDocx(3 * 1024 ** 3, { declaredSize: 4096 }));
    const entries = (await readZipDirectory(path))!;
    assert.equal(zipBombReason(entries), null, 'the declared sizes alone look harmless');
    const before = process.memoryUsage().rss;
    assert.match((await inflatedSizeReason(path, entries)) ?? '', /zip bomb: word\/document\.xml inflates to more than its declared 4 KB/);
    assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024);
  });

  test('the total budget stops an honest archive that is too big', async () => {
    const path = join(dir, 'honest.docx');
    writeFileSync(path, buildBombDocx(8 * 1024 * 1024));
    const entries = (await readZipDirectory(path))!;
    const policy = { ...DEFAULT_ZIP_POLICY, maxTotalUncompressedBytes: 4 * 1024 * 1024 };
    assert.match((await inflatedSizeReason(path, entries, policy)) ?? '', /expands to more than 4 MB/);
    assert.equal(await inflatedSizeReason(path, entries), null);
  });
});

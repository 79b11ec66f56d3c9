import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildBombDocx } from './__fixtures__/zip-bomb.js';
import { readZipDirectory, zipBombReason } from './zip-directory.js';

const fixture = (name: string) => join(import.meta.dirname, '__fixtures__', name);

describe('readZipDirectory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-zip-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('lists a DOCX part by part with sizes', async () => {
    const entries = await readZipDirectory(fixture('lease.docx'));
    assert.deepEqual(entries?.map((e) => e.name), ['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const doc = entries?.find((e) => e.name === 'word/document.xml');
    assert.ok(doc && doc.uncompressedSize > doc.compressedSize && doc.compressedSize > 0);
  });

  test('reads an XLSX written by exceljs', async () => {
    const names = (await readZipDirectory(fixture('two-sheets.xlsx')))?.map((e) => e.name) ?? [];
    assert.ok(names.includes('xl/workbook.xml'));
    assert.ok(names.includes('xl/worksheets/sheet2.xml'));
  });

  test('returns null for a file that is not a zip', async () => {
    assert.equal(await readZipDirectory(fixture('text.pdf')), null);
  });

  test('the committed bomb is refused for its ratio', async () => {
    const reason = zipBombReason((await readZipDirectory(fixture('bomb.docx')))!);
    assert.match(reason ?? '', /zip bomb: word\/document\.xml expands \d+ times/);
  });

  test('a 1 GB bomb (1 MB on disk) is refused from its declared sizes alone', async () => {
    const path = join(dir, 'gigabyte.docx');
    writeFileSync(path, buildBombDocx(1024 * 1024 * 1024));
    const entries = (await readZipDirectory(path))!;
    assert.ok(entries.some((e) => e.uncompressedSize > 1000 * 1024 * 1024));
    assert.match(zipBombReason(entries) ?? '', /zip bomb/);
  });

  test('the total limit catches many well-compressed but individually small entries', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ name: `p${i}.xml`, compressedSize: 2_000_000, uncompressedSize: 9_000_000 }));
    assert.match(zipBombReason(entries) ?? '', /expands to 257 MB \(limit 200 MB\)/);
    assert.equal(zipBombReason(entries.slice(0, 5)), null);
  });
});

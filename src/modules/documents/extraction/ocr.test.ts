import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ocrPdfPage } from './ocr.js';
import type { ExtractionContext } from './extraction.types.js';

const dir = mkdtempSync(join(tmpdir(), 'folio-ocr-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Puts executables with these shell bodies first on PATH; returns the function that restores it. */
function fakeTools(tools: Record<string, string>): () => void {
  const bin = join(dir, `bin-${Object.keys(tools).join('-')}`);
  mkdirSync(bin, { recursive: true });
  for (const [name, body] of Object.entries(tools)) {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const saved = process.env.PATH;
  process.env.PATH = `${bin}:${saved}`;
  return () => {
    process.env.PATH = saved;
  };
}

const context: ExtractionContext = { ocr: true, softDeadline: Date.now() + 60_000, depth: 0, track: () => {} };

test('tesseract runs with one OpenMP thread, whatever the server was started with', async () => {
  // pdftoppm is stood in for; the fake tesseract prints the thread limit it was given.
  const restore = fakeTools({ pdftoppm: 'exit 0', tesseract: 'printf "limit=%s" "$OMP_THREAD_LIMIT"' });
  const saved = process.env.OMP_THREAD_LIMIT;
  process.env.OMP_THREAD_LIMIT = '8';
  try {
    assert.equal(await ocrPdfPage(join(dir, 'scan.pdf'), 1, 10_000, context), 'limit=1');
  } finally {
    if (saved === undefined) delete process.env.OMP_THREAD_LIMIT;
    else process.env.OMP_THREAD_LIMIT = saved;
    restore();
  }
});

test('tesseract still finds what the environment gives it (PATH and the rest)', async () => {
  const restore = fakeTools({ pdftoppm: 'exit 0', tesseract: 'printf "%s" "$FOLIO_OCR_TEST_MARK"' });
  process.env.FOLIO_OCR_TEST_MARK = 'kept';
  try {
    assert.equal(await ocrPdfPage(join(dir, 'scan.pdf'), 1, 10_000, context), 'kept');
  } finally {
    delete process.env.FOLIO_OCR_TEST_MARK;
    restore();
  }
});

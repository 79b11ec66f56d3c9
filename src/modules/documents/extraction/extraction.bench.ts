/*
 * Throughput of the extraction pool on the CUAD data (not part of the test suite):
 *   node --import tsx src/modules/documents/extraction/extraction.bench.ts [poolSize]
 * Reports text MB/s over cuad/txt (399 files) and PDF pages/s over cuad/pdf (40 files), OCR off and on.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import { createExtractionPool } from './extraction-pool.js';

const size = Number(process.argv[2] ?? 2);

async function measure(folder: string, ocr: boolean): Promise<void> {
  const dir = sharedDataPath('documents', 'cuad', folder);
  if (!dir) {
    console.log(missingDataReason('documents', 'cuad', folder));
    return;
  }
  const files = readdirSync(dir).map((name) => join(dir, name));
  const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
  const pool = createExtractionPool({ size, limits: {}, ocr: { enabled: ocr } });
  await Promise.all(Array.from({ length: size }, () => pool.extract(files[0]!))); // workers booted and warm
  const started = performance.now();
  let pages = 0;
  let chars = 0;
  let failures = 0;
  const warnings: string[] = [];
  await Promise.all(files.map(async (file) => {
    try {
      const result = await pool.extract(file);
      pages += result.pageCount;
      chars += result.pages.reduce((n, p) => n + p.text.length, 0);
      warnings.push(...result.warnings.map((w) => `${file.split('/').pop()}: ${w}`));
    } catch (error) {
      failures++;
      console.log('failed', file, (error as Error).message);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  console.log(`${folder} (pool ${size}, OCR ${ocr ? 'on' : 'off'}): ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ` +
    `${(bytes / 1e6 / seconds).toFixed(1)} MB/s, ${pages} pages = ${(pages / seconds).toFixed(1)} pages/s, ${(chars / 1e6).toFixed(1)} M chars, ${failures} failed`);
  for (const w of warnings) console.log('  warning:', w);
}

await measure('txt', true);
await measure('pdf', false);
await measure('pdf', true);

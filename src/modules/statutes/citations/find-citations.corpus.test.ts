// Runs findCitations over all of D.C. Code title 42 (shared data; skipped when absent): recall against the
// Council's own <cite path> markup, precision against the sections that exist, and throughput.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import { findCitations } from './citations.js';

const PARTS = ['statutes', 'dc', '2024-10-20', 'titles'] as const;
const titlesDir = sharedDataPath(...PARTS);

/** Every D.C. Code section number, from the file names ('28~9-301.xml' is 28:9-301). */
function allSectionNumbers(dir: string): Set<string> {
  const out = new Set<string>();
  for (const title of readdirSync(dir)) {
    const sections = join(dir, title, 'sections');
    if (!existsSync(sections)) continue;
    for (const f of readdirSync(sections)) out.add(f.replace(/\.xml$/, '').replace('~', ':').replace('\u2013', '-'));
  }
  return out;
}

test('D.C. Code title 42: recall, precision and speed', { skip: titlesDir ? false : missingDataReason(...PARTS) }, (t) => {
  const dir = titlesDir as string;
  const existing = allSectionNumbers(dir);
  const sectionsDir = join(dir, '42', 'sections');
  const bodies = readdirSync(sectionsDir).map((f) =>
    readFileSync(join(sectionsDir, f), 'utf8').replace(/<annotations>[\s\S]*?<\/annotations>/g, ''),
  );
  const texts = bodies.map((xml) => xml.replace(/<[^>]+>/g, ' '));
  const defaultCode = { jurisdiction: 'DC', codeName: 'D.C. Code' };
  findCitations(texts[0] ?? '', { defaultCode }); // compile the regexes before timing
  let cited = 0;
  let recalled = 0;
  let foundDc = 0;
  let foundExisting = 0;
  let ms = 0;
  bodies.forEach((xml, i) => {
    const text = texts[i] as string;
    const started = performance.now();
    const found = findCitations(text, { defaultCode });
    ms += performance.now() - started;
    const sections = new Set(found.filter((f) => f.jurisdiction === 'DC').map((f) => f.section));
    for (const m of xml.matchAll(/<cite path="§([^"|]+)[^"]*">([^<]*)<\/cite>/g)) {
      if (/Permanent Version/.test(m[2] ?? '')) continue; // links to other versions, not references in prose
      cited++;
      if (sections.has(m[1] ?? '')) recalled++;
    }
    for (const f of found) {
      assert.equal(text.slice(f.start, f.end), f.raw);
      if (f.jurisdiction !== 'DC') continue;
      foundDc++;
      if (existing.has(f.section)) foundExisting++;
    }
  });
  const megabytes = texts.reduce((n, s) => n + Buffer.byteLength(s), 0) / 1e6;
  // A second pass shows the steady state once V8 has tiered the large regex up to native code.
  const warmStarted = performance.now();
  for (const text of texts) findCitations(text, { defaultCode });
  const warmMs = performance.now() - warmStarted;
  t.diagnostic(
    `title 42: ${megabytes.toFixed(2)} MB of text; first pass ${ms.toFixed(0)} ms = ${(megabytes / (ms / 1000)).toFixed(1)} MB/s, ` +
      `second pass ${warmMs.toFixed(0)} ms = ${(megabytes / (warmMs / 1000)).toFixed(1)} MB/s`,
  );
  t.diagnostic(`recall ${recalled}/${cited}, D.C. sections found that exist ${foundExisting}/${foundDc}`);
  assert.ok(cited > 1000);
  assert.ok(recalled / cited >= 0.98, `recall ${recalled}/${cited}`);
  assert.ok(foundExisting / foundDc >= 0.98, `precision ${foundExisting}/${foundDc}`);
});

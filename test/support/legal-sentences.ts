/**
 * Real legal text cut into sentences, for ranking tests: D.C. Code § 2-1402.11, Virginia and
 * Colorado sections, and two CUAD contracts (each a document with its first six words as heading),
 * and seeded OR queries of their own words.
 */
import { readFileSync } from 'node:fs';

const FIXTURES = [
  '../../src/modules/statutes/__fixtures__/dc-2-1402.11-excerpt.jsonl',
  '../../src/modules/statutes/citations/__fixtures__/va-section-sentences.txt',
  '../../src/modules/statutes/citations/__fixtures__/co-06-sentences.txt',
  '../../src/modules/projects/engine/__fixtures__/wpt-zynga-license.txt',
  '../../src/modules/projects/engine/__fixtures__/aduro-consulting.txt',
];

function fixture(file: string): string {
  const raw = readFileSync(new URL(file, import.meta.url), 'utf8');
  return file.endsWith('.jsonl') ? (JSON.parse(raw.split('\n')[0]!) as { text: string }).text : raw;
}

/** Sentences of four words or more, each split into a heading (its first six words) and the rest. */
export const legalSentences: Array<{ heading: string; text: string }> = FIXTURES.flatMap((f) => fixture(f).split(/(?<=[.;:])\s+|\n/))
  .map((s) => s.trim())
  .filter((s) => s.split(' ').length >= 4)
  .map((s) => {
    const words = s.split(' ');
    return { heading: words.slice(0, 6).join(' '), text: words.slice(6).join(' ') };
  });

/** `count` FTS5 OR queries of 3 to 8 words drawn from the sentences, each with a k from 1 to 4; the same for a seed. */
export function seededOrQueries(count: number, seed = 7): Array<{ query: string; limit: number }> {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const words = legalSentences.map((s) => `${s.heading} ${s.text}`.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => w.length > 0);
  return Array.from({ length: count }, () => {
    const picked = new Set<string>();
    const size = 3 + Math.floor(random() * 6);
    while (picked.size < size) {
      const from = words[Math.floor(random() * words.length)]!;
      picked.add(from[Math.floor(random() * from.length)]!);
    }
    return { query: [...picked].map((w) => `"${w}"`).join(' OR '), limit: 1 + Math.floor(random() * 4) };
  });
}

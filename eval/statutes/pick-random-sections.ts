/**
 * `tsx eval/statutes/pick-random-sections.ts <data-dir> [checks | tune-checks]`: picks the sections
 * the new dev questions (eval/statutes/random-questions.jsonl) were written from, with `checks` the
 * sections of the new assertions (random-checks.jsonl, reported, never tuned on), with `tune-checks`
 * those of the assertions the verdict rules may be tuned on (tune-checks.jsonl; an optional seed after
 * it: the second dozen used 20261128, the third 20261129, the fourth 20261130, the fifth 20261201),
 * AT RANDOM with a fixed seed, from the loaded corpora (latest version of each section, not
 * repealed, with at least 300 characters of text so a question can be written from it). Prints
 * each pick's citation, heading and text; the questions were then written from those texts alone,
 * never from the engine's failures.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { seededRandom } from './split.js';

export const SEED = 20261123;
export const PICKS: Record<string, number> = { DC: 10, US: 8, VA: 6, CO: 6 };
/** The assertions' picks: their own seed, so they are not the questions' sections. */
export const CHECK_SEED = 20261126;
/** The tuning assertions' picks: a third seed, so tuning never sees the reported sections. */
export const TUNE_CHECK_SEED = 20261127;
export const CHECK_PICKS: Record<string, number> = { DC: 5, US: 3, VA: 2, CO: 2 };

const dir = process.argv[2];
if (!dir) throw new Error('usage: pick-random-sections.ts <data-dir with folio.db> [checks | tune-checks]');
const forChecks = process.argv[3] === 'checks' || process.argv[3] === 'tune-checks';
const db = new Database(join(dir, 'folio.db'), { readonly: true });
const random = seededRandom(process.argv[3] === 'tune-checks' ? Number(process.argv[4] ?? TUNE_CHECK_SEED) : forChecks ? CHECK_SEED : SEED);
for (const [jurisdiction, count] of Object.entries(forChecks ? CHECK_PICKS : PICKS)) {
  const rows = db
    .prepare(
      `select s.citation, v.heading, v.text from statute_sections s join statute_versions v on v.section_id = s.id
       where s.jurisdiction = ? and v.effective_to is null and v.repealed = 0 and length(v.text) >= 300 order by s.citation`,
    )
    .all(jurisdiction) as Array<{ citation: string; heading: string; text: string }>;
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, rows.length)) chosen.add(Math.floor(random() * rows.length));
  for (const i of chosen) {
    const r = rows[i]!;
    console.log(`=== ${r.citation} — ${r.heading}\n${r.text.slice(0, 1500)}\n`);
  }
}

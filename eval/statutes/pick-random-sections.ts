/**
 * `tsx eval/statutes/pick-random-sections.ts <data-dir> [checks | tune-checks | tune-questions]`:
 * picks the sections the new dev questions (eval/statutes/random-questions.jsonl) were written
 * from, with `checks` the
 * sections of the new assertions (random-checks.jsonl, reported, never tuned on), with `tune-checks`
 * those of the assertions the verdict rules may be tuned on (tune-checks.jsonl; an optional seed after
 * it: the second dozen used 20261128, the third 20261129, the fourth 20261130, the fifth 20261201,
 * the sixth 20261203),
 * with `tune-questions` those of the questions ranking and confidence may be tuned on
 * (tune-questions.jsonl, seed 20261202; a pick that is already another set's gold is skipped),
 * AT RANDOM with a fixed seed, from the loaded corpora (latest version of each section, not
 * repealed, with at least 300 characters of text so a question can be written from it). Prints
 * each pick's citation, heading and text; the questions were then written from those texts alone,
 * never from the engine's failures.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDataPath } from '../../test/support/shared-data.js';
import { seededRandom } from './split.js';

export const SEED = 20261123;
export const PICKS: Record<string, number> = { DC: 10, US: 8, VA: 6, CO: 6 };
/** The assertions' picks: their own seed, so they are not the questions' sections. */
export const CHECK_SEED = 20261126;
/** The tuning assertions' picks: a third seed, so tuning never sees the reported sections. */
export const TUNE_CHECK_SEED = 20261127;
export const CHECK_PICKS: Record<string, number> = { DC: 5, US: 3, VA: 2, CO: 2 };
/** The tuning questions' picks: a fourth seed, for ask questions that ranking and confidence may be tuned on. */
export const TUNE_QUESTION_SEED = 20261202;
export const TUNE_QUESTION_PICKS: Record<string, number> = { DC: 8, US: 6, VA: 5, CO: 5 };

const dir = process.argv[2];
if (!dir) throw new Error('usage: pick-random-sections.ts <data-dir with folio.db> [checks | tune-checks | tune-questions]');
const mode = process.argv[3] ?? 'questions';
const forChecks = mode === 'checks' || mode === 'tune-checks';
const db = new Database(join(dir, 'folio.db'), { readonly: true });
const seed = mode === 'tune-checks' ? Number(process.argv[4] ?? TUNE_CHECK_SEED) : mode === 'tune-questions' ? TUNE_QUESTION_SEED : forChecks ? CHECK_SEED : SEED;
const random = seededRandom(seed);
// Sections other sets already cite as gold: a tuning question on one would tune on a reported item.
const taken = mode === 'tune-questions' ? goldOfOtherSets() : new Set<string>();
const picks = mode === 'tune-questions' ? TUNE_QUESTION_PICKS : forChecks ? CHECK_PICKS : PICKS;
for (const [jurisdiction, count] of Object.entries(picks)) {
  const rows = db
    .prepare(
      `select s.citation, v.heading, v.text from statute_sections s join statute_versions v on v.section_id = s.id
       where s.jurisdiction = ? and v.effective_to is null and v.repealed = 0 and length(v.text) >= 300 order by s.citation`,
    )
    .all(jurisdiction) as Array<{ citation: string; heading: string; text: string }>;
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, rows.length)) {
    const i = Math.floor(random() * rows.length);
    if (!taken.has(rows[i]!.citation)) chosen.add(i);
  }
  for (const i of chosen) {
    const r = rows[i]!;
    console.log(`=== ${r.citation} — ${r.heading}\n${r.text.slice(0, 1500)}\n`);
  }
}

function goldOfOtherSets(): Set<string> {
  const files = [sharedDataPath('questions', 'statute-dev.jsonl'), ...['random-questions.jsonl', 'random-checks.jsonl', 'tune-checks.jsonl', 'unanswerable.jsonl'].map((f) => join(import.meta.dirname, f))];
  const gold = new Set<string>();
  for (const file of files) {
    if (file === null) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      // An ask or check lists its gold citations; a compare lists them per jurisdiction.
      const g = (JSON.parse(line) as { gold?: string[] | Record<string, string[]> }).gold ?? [];
      for (const citation of Array.isArray(g) ? g : Object.values(g).flat()) gold.add(citation);
    }
  }
  return gold;
}

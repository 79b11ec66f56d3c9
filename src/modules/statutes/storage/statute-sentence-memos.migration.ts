import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';
import { statuteSentenceMemo } from '../../../text/sentence-memo.js';

/** Versions read and written per round trip while memos are refilled. */
const BATCH = 500;

/**
 * Writes the current splitter's memo (src/text/sentence-memo.ts) into every stored version whose
 * memo differs: a corpus imported before memos existed, or by an earlier splitter. A version whose
 * memo is already right is not written. Walks the table by id, so a version needing no memo ('')
 * is read once like the others.
 */
export async function refillSentenceMemos(db: Kysely<unknown>): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; text: string; sentence_memo: string }>`
      select id, text, sentence_memo from statute_versions where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return written;
    for (const row of rows) {
      const memo = statuteSentenceMemo(row.text);
      if (memo === row.sentence_memo) continue;
      await sql`update statute_versions set sentence_memo = ${memo} where id = ${row.id}`.execute(db);
      written += 1;
    }
    after = Number(rows[rows.length - 1]?.id);
  }
}

/**
 * Statute versions keep their sentence splits (sentence_memo): imports write them, and this fills
 * them in for a corpus imported before (about 15 s for the shared data's four codes, 30,000 versions,
 * at the first start after the upgrade).
 */
async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql`alter table statute_versions add column sentence_memo text not null default ''`.execute(db);
  await refillSentenceMemos(db);
}

export const statuteSentenceMemosMigration: Migration = { name: '025-statute-sentence-memos', up };

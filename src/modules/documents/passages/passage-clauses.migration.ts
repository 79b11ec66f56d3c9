import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';
import { clauseClassifier } from '../../../text/clauses/clause-classifier.js';

/**
 * Passages get the CUAD clause types they may express (category → probability, written at
 * ingestion). Existing passages are tagged here.
 */
async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // A JSON object: category → probability, for the categories the classifier does not rule out.
  await db.schema.alterTable('passages').addColumn('clause_tags', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  const classifier = clauseClassifier();
  const workspaces = await sql<{ workspace_id: number }>`select distinct workspace_id from passages`.execute(db);
  for (const { workspace_id: workspaceId } of workspaces.rows) {
    let after = 0;
    for (;;) {
      const batch = await sql<{ id: number; text: string }>`
        select id, text from passages where workspace_id = ${workspaceId} and id > ${after} order by id limit 500`.execute(db);
      if (batch.rows.length === 0) break;
      for (const row of batch.rows) {
        const tags = classifier.significantJson(row.text);
        if (tags !== '{}') await sql`update passages set clause_tags = ${tags} where workspace_id = ${workspaceId} and id = ${row.id}`.execute(db);
        after = row.id;
      }
    }
  }
}

export const passageClausesMigration: Migration = { name: '013-passage-clauses', up };

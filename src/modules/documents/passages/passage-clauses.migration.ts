import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';
import { clauseClassifier } from '../../../text/clauses/clause-classifier.js';
import { termCounts } from './passage-terms.js';

/**
 * Passages get the CUAD clause types they may express (category → probability, written at
 * ingestion), and each workspace gets its own term statistics: how many of ITS passages hold each
 * term. FTS5's vocabulary counted every org's passages, so one tenant's data changed another's
 * ranking and cost. Existing passages are tagged and counted here.
 */
async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // A JSON object: category → probability, for the categories the classifier does not rule out.
  await db.schema.alterTable('passages').addColumn('clause_tags', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema
    .createTable('passage_terms')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('passages', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('passage_terms_pk', ['workspace_id', 'term'])
    .execute();

  const classifier = clauseClassifier();
  const workspaces = await sql<{ workspace_id: number }>`select distinct workspace_id from passages`.execute(db);
  for (const { workspace_id: workspaceId } of workspaces.rows) {
    const texts: string[] = [];
    let after = 0;
    for (;;) {
      const batch = await sql<{ id: number; text: string }>`
        select id, text from passages where workspace_id = ${workspaceId} and id > ${after} order by id limit 500`.execute(db);
      if (batch.rows.length === 0) break;
      for (const row of batch.rows) {
        texts.push(row.text);
        const tags = JSON.stringify(classifier.significant(row.text));
        if (tags !== '{}') await sql`update passages set clause_tags = ${tags} where workspace_id = ${workspaceId} and id = ${row.id}`.execute(db);
        after = row.id;
      }
    }
    for (const [term, passages] of termCounts(texts)) {
      await sql`insert into passage_terms (workspace_id, term, passages) values (${workspaceId}, ${term}, ${passages})`.execute(db);
    }
  }
}

export const passageClausesMigration: Migration = { name: '013-passage-clauses', up };

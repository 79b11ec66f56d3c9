import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './column-types.js';
import { foundation } from './001-foundation.js';
import { ingestionMigration } from '../../modules/documents/ingestion/ingestion.migration.js';
import { statutesMigration } from '../../modules/statutes/storage/statutes.migration.js';
import { fileTextMigration } from '../../modules/documents/text/file-text.migration.js';
import { documentsIndexesMigration } from '../../modules/documents/documents-indexes.migration.js';
import { projectCellsMigration } from '../../modules/projects/engine/cells.migration.js';
import { sessionsMigration } from '../../modules/sessions/sessions.migration.js';
import { passageClausesMigration } from '../../modules/documents/passages/passage-clauses.migration.js';
import { workspaceFtsMigration } from '../../modules/documents/passages/workspace-fts.migration.js';
import { rateLimitMigration } from '../../http/rate-limit.migration.js';
import { rateLimitGrantsMigration } from '../../http/rate-limit-grants.migration.js';
import { repealKeyMigration } from '../../modules/statutes/storage/repeal-key.migration.js';
import { fileSignalsMigration } from '../../modules/documents/signals/file-signals.migration.js';
import { clauseModelStateMigration } from '../../modules/documents/passages/clause-model-state.migration.js';
import { treeStampsMigration } from '../../modules/documents/tree-stamps.migration.js';
import { inForceIndexMigration } from '../../modules/statutes/storage/in-force-index.migration.js';
import { searchStampsMigration } from '../fts/search-stamps.migration.js';
import { searchLabelStartsMigration } from '../../modules/statutes/storage/search-label-starts.migration.js';
import { searchTermCountsMigration } from '../../modules/statutes/storage/search-term-counts.migration.js';
import { treeRewritesMigration } from '../../modules/documents/tree-rewrites.migration.js';
import { statuteSentenceMemosMigration } from '../../modules/statutes/storage/statute-sentence-memos.migration.js';

/** Every migration in order. Append only: a migration that has run is never edited. */
export const migrations: Migration[] = [
  foundation,
  ingestionMigration,
  statutesMigration,
  fileTextMigration,
  documentsIndexesMigration,
  projectCellsMigration,
  sessionsMigration,
  passageClausesMigration,
  workspaceFtsMigration,
  rateLimitMigration,
  repealKeyMigration,
  fileSignalsMigration,
  clauseModelStateMigration,
  treeStampsMigration,
  inForceIndexMigration,
  searchStampsMigration,
  searchLabelStartsMigration,
  searchTermCountsMigration,
  treeRewritesMigration,
  statuteSentenceMemosMigration,
  rateLimitGrantsMigration,
];

/**
 * Applies pending migrations, each in its own transaction. Kysely's Migrator would do, but its
 * migrations cannot see the dialect, and a few of ours (search indexes) differ by dialect.
 */
export async function migrate(db: Kysely<unknown>, dialect: Dialect, list: Migration[] = migrations): Promise<string[]> {
  if (dialect === 'postgres') {
    // Several processes may start at once against one database: one migrates, the others wait
    // for it on a session-level advisory lock, held on one connection of the pool.
    return db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
      try {
        return await applyPending(conn, dialect, list);
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
      }
    });
  }
  return applyPending(db, dialect, list);
}

/** An arbitrary constant naming Folio's migration lock among the database's advisory locks. */
const MIGRATION_LOCK = 7_202_611_015;

async function applyPending(db: Kysely<unknown>, dialect: Dialect, list: Migration[]): Promise<string[]> {
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const done = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  const applied = new Set(done.rows.map((r) => r.name));
  const ran: string[] = [];
  for (const migration of list) {
    if (applied.has(migration.name)) continue;
    await db.transaction().execute(async (trx) => {
      await migration.up(trx, dialect);
      await sql`insert into schema_migrations (name, applied_at) values (${migration.name}, ${new Date().toISOString()})`.execute(trx);
    });
    ran.push(migration.name);
  }
  return ran;
}

import { sql, type Kysely } from 'kysely';
import { withSerialId, type Dialect, type Migration } from '../../../db/migrations/column-types.js';

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withSerialId(db.schema.createTable('ingestion_jobs'), dialect)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ingestion_jobs_state').on('ingestion_jobs').columns(['state', 'id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('api_key_id', 'text', (c) => c.notNull().references('api_keys.id'))
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'integer', (c) => c.notNull())
    .addColumn('parent_directory_id', 'integer')
    .addColumn('content_sha256', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['api_key_id', 'idem_key'])
    .execute();

  await withSerialId(db.schema.createTable('passages'), dialect)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('start_offset', 'integer', (c) => c.notNull())
    .addColumn('end_offset', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passages_file').on('passages').columns(['workspace_id', 'file_id', 'ordinal']).execute();

  if (dialect === 'sqlite') {
    // External-content FTS5 over passages: the text is stored once, in `passages`.
    await sql`create virtual table passages_fts using fts5(text, content='passages', content_rowid='id', tokenize='porter unicode61')`.execute(db);
  } else {
    // The same Porter stems as FTS5 (db/fts/tsvector.ts) and the token count bm25 needs.
    await sql`alter table passages add column tsv tsvector not null, add column token_count integer not null`.execute(db);
    await sql`create index passages_tsv on passages using gin (tsv)`.execute(db);
  }
}

export const ingestionMigration: Migration = { name: '002-ingestion', up };

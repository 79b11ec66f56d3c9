import type { Kysely } from 'kysely';
import { withSerialId, type Dialect, type Migration } from '../../../db/migrations/column-types.js';
import { createSqliteSearchTable } from './sqlite-search-index.js';
import { createPostgresSearchTable } from './postgres-search-index.js';

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withSerialId(db.schema.createTable('statute_codes'), dialect)
    .addColumn('jurisdiction', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('section_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repealed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('earliest_effective', 'text')
    .addColumn('latest_effective', 'text')
    .addColumn('latest_published', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('statute_codes_name_unique', ['jurisdiction', 'name'])
    .execute();

  await withSerialId(db.schema.createTable('statute_sections'), dialect)
    .addColumn('code_id', 'integer', (c) => c.notNull().references('statute_codes.id'))
    .addColumn('jurisdiction', 'text', (c) => c.notNull())
    .addColumn('citation', 'text', (c) => c.notNull())
    .addColumn('section_number', 'text', (c) => c.notNull())
    .addColumn('title_number', 'text', (c) => c.notNull())
    .execute();
  // The lookup of every GET /v1/statute/{citation}.
  await db.schema.createIndex('statute_sections_citation').unique().on('statute_sections').columns(['jurisdiction', 'citation']).execute();
  // The import reads a title's sections to find which ones a snapshot left out.
  await db.schema.createIndex('statute_sections_title').on('statute_sections').columns(['code_id', 'title_number']).execute();

  await withSerialId(db.schema.createTable('statute_observations'), dialect)
    .addColumn('section_id', 'integer', (c) => c.notNull().references('statute_sections.id'))
    .addColumn('published', 'text', (c) => c.notNull())
    .addColumn('version_key', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'text')
    .addColumn('effective_to', 'text')
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('repealed', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('history', 'text', (c) => c.notNull())
    .addColumn('cross_references', 'text', (c) => c.notNull())
    .addColumn('hierarchy', 'text', (c) => c.notNull())
    .addColumn('amendment_dates', 'text', (c) => c.notNull())
    .addUniqueConstraint('statute_observations_key', ['section_id', 'published', 'version_key'])
    .execute();

  await withSerialId(db.schema.createTable('statute_versions'), dialect)
    .addColumn('section_id', 'integer', (c) => c.notNull().references('statute_sections.id'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('effective_to', 'text')
    .addColumn('repealed', 'integer', (c) => c.notNull())
    .addColumn('absent', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('observation_id', 'integer', (c) => c.notNull())
    .addColumn('text_observation_id', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('history', 'text', (c) => c.notNull())
    .addColumn('cross_references', 'text', (c) => c.notNull())
    .addColumn('hierarchy', 'text', (c) => c.notNull())
    .execute();
  // "The version in force on a date" is the last one with effective_from <= date.
  await db.schema.createIndex('statute_versions_section_from').unique().on('statute_versions').columns(['section_id', 'effective_from']).execute();

  await withSerialId(db.schema.createTable('statute_publications'), dialect)
    .addColumn('jurisdiction', 'text', (c) => c.notNull())
    .addColumn('code_id', 'integer', (c) => c.notNull().references('statute_codes.id'))
    .addColumn('published', 'text', (c) => c.notNull())
    .addColumn('titles', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'integer', (c) => c.notNull())
    .addColumn('sections_seen', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('statute_publications_key', ['code_id', 'published'])
    .execute();

  if (dialect === 'sqlite') await createSqliteSearchTable(db);
  else await createPostgresSearchTable(db);
}

export const statutesMigration: Migration = { name: '003-statutes', up };

import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AppError } from '../../shared/errors.js';
import type { Database } from '../schema.js';
import { PASSAGES_GIN_INDEX, passageTsvector } from '../../modules/documents/passages/postgres-passage-index.js';
import { mergeGinPendingLists } from '../gin-pending-lists.js';
import { searchDocumentOf, type StatuteSearchIndex } from '../../modules/statutes/storage/search-index.js';
import { COPIED_TABLES, unplacedTables, type CopiedTable } from './copy-plan.js';
import { analyzeTables } from '../planner-statistics.js';

export interface CopyTarget {
  db: Kysely<Database>;
  /** The target's statute index, written in the same transaction as each batch of versions. */
  statuteSearch: StatuteSearchIndex;
}

export interface CopySummary {
  /** Rows per table in the source, and in the target once copied. */
  tables: Record<string, { source: number; target: number }>;
  rows: number;
}

type Row = Record<string, unknown>;

// PostgreSQL takes at most 65,535 bind parameters a statement; stay well under it.
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_BATCH = 500;

/**
 * Copies every row of a SQLite store (migrated to the current schema) into a PostgreSQL store
 * (migrated too), keeping every id, so `<<file_id = N>>` citations, API keys and links stay valid.
 *
 * Each batch is one upsert on the table's primary key in its own transaction, together with the
 * search-index rows derived from it (passages' tsvector, the statute index), so an interrupted
 * copy leaves whole batches and a second run finishes it; running it again on an unchanged source
 * changes nothing. Rows deleted from the source after a first copy stay in the target: the copy is
 * meant to move a stopped deployment, not to mirror a live one.
 *
 * Written here rather than with a dump tool: ids, the derived search columns and the statute index
 * must come out exactly as the PostgreSQL index writers make them.
 */
export async function copySqliteToPostgres(
  source: BetterSqlite3.Database,
  target: CopyTarget,
  options: { onProgress?: (done: number, total: number, table: string) => void } = {},
): Promise<CopySummary> {
  const schema = source.prepare("select name, sql from sqlite_master where type = 'table'").all() as Array<{ name: string; sql: string | null }>;
  const unplaced = unplacedTables(schema);
  if (unplaced.length > 0) {
    throw new AppError(409, 'migrate_data.unknown_tables', `the source holds tables this version of folio does not know how to copy: ${unplaced.join(', ')}`);
  }
  await refuseForeignTarget(source, target.db);

  const counts = new Map(COPIED_TABLES.map((t) => [t, countSqlite(source, t)]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  let done = 0;
  options.onProgress?.(0, total, COPIED_TABLES[0]);
  for (const table of COPIED_TABLES) {
    const columns = (source.prepare(`pragma table_info("${table}")`).all() as Array<{ name: string }>).map((c) => c.name);
    const key = await primaryKeyOf(target.db, table);
    const batchRows = Math.max(1, Math.min(MAX_ROWS_PER_BATCH, Math.floor(MAX_PARAMETERS / (columns.length + 2))));
    for (const batch of readBatches(source, table, batchRows)) {
      await target.db.transaction().execute(async (trx) => {
        await upsertRows(trx, table, columns, key, batch);
        if (table === 'statute_versions') {
          await target.statuteSearch.upsert(
            trx,
            batch.map((r) => searchDocumentOf(Number(r.id), { heading: String(r.heading), text: String(r.text), hierarchy: String(r.hierarchy) })),
          );
        }
      });
      done += batch.length;
      options.onProgress?.(done, total, table);
    }
  }
  await advanceSequences(target.db);
  // The planner's statistics still describe the empty tables (autovacuum analyzes later): with
  // them it chose nested loops over 24,000 statute sections it estimated at 66. Bulk loads are
  // followed by ANALYZE.
  await analyzeTables(target.db, [...COPIED_TABLES]);
  await mergeGinPendingLists(target.db, [PASSAGES_GIN_INDEX]);
  // The statute search's own statistics and kept term counts.
  await target.statuteSearch.afterImport?.();

  const tables: CopySummary['tables'] = {};
  for (const table of COPIED_TABLES) {
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(target.db);
    tables[table] = { source: counts.get(table) ?? 0, target: row.rows[0]?.n ?? 0 };
  }
  return { tables, rows: total };
}

/**
 * A target that already holds an organization the source does not is another deployment's
 * database: upserting by id would mix two tenants' rows. Only an empty target, or one this
 * source was copied into before, is accepted.
 */
async function refuseForeignTarget(source: BetterSqlite3.Database, db: Kysely<Database>): Promise<void> {
  const ours = new Set(source.prepare('select id from orgs').pluck().all() as string[]);
  const theirs = await db.selectFrom('orgs').select('id').execute();
  const foreign = theirs.filter((o) => !ours.has(o.id));
  if (foreign.length > 0) {
    throw new AppError(
      409,
      'migrate_data.target_not_empty',
      `the target database holds ${foreign.length} organization(s) that are not in the source: copy into an empty database or schema`,
    );
  }
}

function countSqlite(source: BetterSqlite3.Database, table: string): number {
  return Number(source.prepare(`select count(*) from "${table}"`).pluck().get());
}

/** Rows in batches, in an order where each row's references come first. */
function* readBatches(source: BetterSqlite3.Database, table: CopiedTable, size: number): Generator<Row[]> {
  if (table === 'directories') {
    // A directory refers to its parent, which may have been created (or moved in) after it: parents first.
    const rows = source
      .prepare(
        `with recursive tree(id, depth) as (
           select id, 0 from directories where parent_directory_id is null
           union all select d.id, tree.depth + 1 from directories d join tree on d.parent_directory_id = tree.id)
         select d.* from directories d join tree on tree.id = d.id order by tree.depth, d.id`,
      )
      .all() as Row[];
    for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
    return;
  }
  // Keyset pagination on the rowid every one of these tables has: constant memory, any size.
  const page = source.prepare(`select rowid as "__rowid", * from "${table}" where rowid > ? order by rowid limit ?`);
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = page.all(after, size) as Row[];
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]?.__rowid);
    yield rows;
  }
}

async function primaryKeyOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const result = await sql<{ column_name: string }>`
    select kcu.column_name from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema and kcu.table_name = tc.table_name
    where tc.table_schema = current_schema() and tc.table_name = ${table} and tc.constraint_type = 'PRIMARY KEY'
    order by kcu.ordinal_position`.execute(db);
  const key = result.rows.map((r) => r.column_name);
  if (key.length === 0) throw new AppError(500, 'migrate_data.no_primary_key', `table ${table} has no primary key in the target`);
  return key;
}

/** Columns the PostgreSQL schema derives from a row: the passage index lives in the passages table. */
function derivedColumns(table: CopiedTable, row: Row): Array<[string, RawBuilder<unknown> | number]> {
  if (table !== 'passages') return [];
  const tsv = passageTsvector(String(row.text));
  return [
    ['tsv', sql`${tsv.text}::tsvector`],
    ['token_count', tsv.tokenCount],
  ];
}

async function upsertRows(trx: Kysely<Database>, table: CopiedTable, columns: string[], key: string[], rows: Row[]): Promise<void> {
  const derivedNames = rows.length > 0 ? derivedColumns(table, rows[0] ?? {}).map(([name]) => name) : [];
  const names = [...columns, ...derivedNames];
  const values = rows.map((row) => {
    const derived = derivedColumns(table, row).map(([, value]) => value);
    return sql`(${sql.join([...columns.map((c) => row[c] ?? null), ...derived])})`;
  });
  const updates = names.filter((n) => !key.includes(n));
  const onConflict =
    updates.length > 0
      ? sql`do update set ${sql.join(updates.map((n) => sql`${sql.ref(n)} = excluded.${sql.ref(n)}`))}`
      : sql`do nothing`;
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) values ${sql.join(values)}
    on conflict (${sql.join(key.map((k) => sql.ref(k)))}) ${onConflict}`.execute(trx);
}

/** Serial ids continue after the copied ones, so the next workspace or file gets a fresh id. */
async function advanceSequences(db: Kysely<Database>): Promise<void> {
  for (const table of COPIED_TABLES) {
    const seq = await sql<{ seq: string | null }>`
      select pg_get_serial_sequence(quote_ident(${table}), 'id') as seq
      where exists (select 1 from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = 'id')`.execute(db);
    const name = seq.rows[0]?.seq;
    if (!name) continue;
    await sql`select setval(${name}, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}

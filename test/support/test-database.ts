import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL run of the suite: with FOLIO_TEST_DATABASE_URL set, each test data folder gets
 * its own schema in that database (named from the folder, so a server restarted on the same
 * folder finds its data), dropped with the folder. Tests never share state. Benchmarks and
 * evaluations use the same per-folder schemas (bench/support/bench-database.ts).
 */
export function testDatabaseBase(): string | null {
  return process.env.FOLIO_TEST_DATABASE_URL?.trim() || null;
}

const schemaOf = (dataDir: string) => `t_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;

async function admin<T>(base: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const urlOf = (base: string, dataDir: string) => `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schemaOf(dataDir)}`)}`;

/** Creates the folder's own schema in the database at `base` (if absent) and returns its URL. */
export async function createFolderSchema(base: string, dataDir: string): Promise<string> {
  await admin(base, (c) => c.query(`create schema if not exists ${schemaOf(dataDir)}`));
  return urlOf(base, dataDir);
}

/** Drops the folder's schema in the database at `base`, and everything in it. */
export async function dropFolderSchema(base: string, dataDir: string): Promise<void> {
  await admin(base, (c) => c.query(`drop schema if exists ${schemaOf(dataDir)} cascade`));
}

/** Folders whose schema this test process created. */
const created = new Set<string>();

/** The database URL of the folder's own schema (created if absent), or null on the SQLite run. */
export async function testDatabaseUrl(dataDir: string): Promise<string | null> {
  const base = testDatabaseBase();
  if (!base) return null;
  const url = await createFolderSchema(base, dataDir);
  created.add(dataDir);
  return url;
}

/**
 * For CLI processes of a test: the URL of the folder's schema when a test server of this process
 * made one (the CLI must then see the server's data), else null (a CLI-only test keeps its
 * SQLite file, whose behaviour it tests).
 */
export function existingTestDatabaseUrl(dataDir: string): string | null {
  const base = testDatabaseBase();
  return base && created.has(dataDir) ? urlOf(base, dataDir) : null;
}

/** Drops the folder's schema and everything in it (no-op on the SQLite run). */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  const base = testDatabaseBase();
  if (!base) return;
  await dropFolderSchema(base, dataDir);
  created.delete(dataDir);
}

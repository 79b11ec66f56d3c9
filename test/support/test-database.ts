import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL run of the suite: with FOLIO_TEST_DATABASE_URL set, each test data folder gets
 * its own schema in that database (named from the folder, so a server restarted on the same
 * folder finds its data), dropped with the folder. Tests never share state.
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

/** The database URL of the folder's own schema (created if absent), or null on the SQLite run. */
export async function testDatabaseUrl(dataDir: string): Promise<string | null> {
  const base = testDatabaseBase();
  if (!base) return null;
  const schema = schemaOf(dataDir);
  await admin(base, (c) => c.query(`create schema if not exists ${schema}`));
  return `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Drops the folder's schema and everything in it (no-op on the SQLite run). */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  const base = testDatabaseBase();
  if (!base) return;
  await admin(base, (c) => c.query(`drop schema if exists ${schemaOf(dataDir)} cascade`));
}

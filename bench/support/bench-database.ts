/**
 * The backends a benchmark or evaluation measures: the embedded SQLite file, and PostgreSQL +
 * Redis (the scale-out deployment), each run on its own fresh data, so their figures print side
 * by side from one run. PostgreSQL is the local server CI and development machines have
 * (FOLIO_BENCH_DATABASE_URL moves it; FOLIO_BENCH_REDIS_URL moves Redis); a run without it says
 * so and measures SQLite alone.
 */
import { connect } from 'node:net';
import { basename } from 'node:path';
import pg from 'pg';
import { createFolderSchema, dropFolderSchema } from '../../test/support/test-database.js';

export type BenchBackend = 'sqlite' | 'postgres';

/** The PostgreSQL database the runs make their schemas in. */
export const benchDatabaseBase = () => process.env.FOLIO_BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = () => process.env.FOLIO_BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

export interface BenchDatabase {
  backend: BenchBackend;
  /** What the CLI and the server need in their environment to use it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** `--backends sqlite,postgres` (or BENCH_BACKENDS); both by default, PostgreSQL only when it answers. */
export async function chosenBackends(flag: string | undefined): Promise<BenchBackend[]> {
  const wanted = (flag ?? process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((b) => b.trim());
  for (const b of wanted) if (b !== 'sqlite' && b !== 'postgres') throw new Error(`unknown backend ${b}: sqlite or postgres`);
  if (!wanted.includes('postgres')) return wanted as BenchBackend[];
  const reason = await postgresUnreachable();
  if (!reason) return wanted as BenchBackend[];
  console.log(`postgres: skipped (${reason}); set FOLIO_BENCH_DATABASE_URL to measure it`);
  return wanted.filter((b) => b === 'sqlite') as BenchBackend[];
}

async function postgresUnreachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: benchDatabaseBase(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return `${benchDatabaseBase()} does not answer: ${(error as Error).message}`;
  }
}

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Redis for a PostgreSQL run, or null (and a note) when it does not answer. */
export async function benchRedisUrl(): Promise<string | null> {
  const redis = redisUrl();
  if (await redisAnswers(redis)) return redis;
  console.log(`postgres: Redis at ${redis} does not answer; measuring PostgreSQL without it`);
  return null;
}

/** The database of a run on the data folder: nothing to set on SQLite; a fresh schema (and Redis prefix) on PostgreSQL. */
export async function benchDatabase(backend: BenchBackend, dataDir: string): Promise<BenchDatabase> {
  if (backend === 'sqlite') return { backend, env: {}, drop: async () => {} };
  const base = benchDatabaseBase();
  const url = await createFolderSchema(base, dataDir);
  const redis = await benchRedisUrl();
  const env: Record<string, string> = { FOLIO_DATABASE_URL: url };
  if (redis) Object.assign(env, { FOLIO_REDIS_URL: redis, FOLIO_REDIS_PREFIX: `folio-bench-${basename(dataDir)}:` });
  return { backend, env, drop: () => dropFolderSchema(base, dataDir) };
}

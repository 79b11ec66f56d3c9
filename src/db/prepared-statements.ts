/**
 * Kysely's statements on PostgreSQL as named prepared statements, so each connection parses and
 * plans a statement once rather than on every execution. A workspace question runs about fifteen
 * statements; planning its full-text reads took 0.4 to 0.7 ms each, a prepared one's generic plan
 * 0.02 ms (PostgreSQL switches a named statement to a generic plan after five executions when it
 * plans no worse, and plans again after ANALYZE changes a table's statistics).
 *
 * node-postgres prepares a named statement on a connection the first time it runs there and keeps
 * it for the connection's life. The names are the statement text's hash, so the same text shares
 * a name on every connection. Statement texts vary with the length of their `in` lists and batched
 * inserts: each connection names at most MAX_NAMED_PER_CONNECTION of them and runs the rest
 * unnamed, as before. Statements without parameters are left as they were: node-postgres sends
 * those in the simple protocol, which also takes several statements in one text.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Prepared statements a connection keeps: the distinct texts of a running server are fewer. */
export const MAX_NAMED_PER_CONNECTION = 256;
/** Longer texts (a batch of inserted rows) are seldom run twice: left unnamed. */
const MAX_NAMED_TEXT = 4_000;
/** Names kept for texts seen, all connections together; past it the map starts again. */
const MAX_REMEMBERED_NAMES = 4_096;

const names = new Map<string, string>();
/** The names each connection has prepared. */
const named = new WeakMap<pg.PoolClient, Set<string>>();
/** Names a connection no longer runs (changedResultType): few, so kept apart from the bound. */
const retired = new WeakMap<pg.PoolClient, Set<string>>();

function namesOf(sets: WeakMap<pg.PoolClient, Set<string>>, client: pg.PoolClient): Set<string> {
  let set = sets.get(client);
  if (set === undefined) {
    set = new Set();
    sets.set(client, set);
  }
  return set;
}

/** The name a statement text is prepared under: its hash, the same on every connection. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `folio_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= MAX_REMEMBERED_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/** The name to run `text` under on `client`, or undefined to run it unnamed. */
function nameOn(client: pg.PoolClient, text: string, parameters: readonly unknown[]): string | undefined {
  if (parameters.length === 0 || text.length > MAX_NAMED_TEXT) return undefined;
  const name = statementName(text);
  if (namesOf(retired, client).has(name)) return undefined;
  const prepared = namesOf(named, client);
  if (prepared.has(name)) return name;
  if (prepared.size >= MAX_NAMED_PER_CONNECTION) return undefined;
  prepared.add(name);
  return name;
}

/** PostgreSQL's refusal to run a prepared statement whose result columns a schema change altered. */
function changedResultType(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(error.message);
}

/** The pool as Kysely's PostgresDialect takes it, its clients running Kysely's statements prepared. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (async (text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<unknown>> => {
        const name = nameOn(client, text, parameters);
        const values = [...parameters];
        const run = (config: string | pg.QueryConfig) => client.query(config, typeof config === 'string' ? values : undefined) as unknown as Promise<PostgresQueryResult<unknown>>;
        if (name === undefined) return run(text);
        try {
          return await run({ name, text, values });
        } catch (error) {
          if (!changedResultType(error)) throw error;
          // A table changed under the statement (another process migrated it): PostgreSQL will not
          // run its plan again. On this connection the text runs unnamed from now on, as it would
          // have without preparing (node-postgres keeps the name as prepared, so it is not reused).
          namesOf(retired, client).add(name);
          return run(text);
        }
      }) as unknown as PostgresPoolClient['query'];
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

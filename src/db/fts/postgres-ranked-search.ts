/**
 * The PostgreSQL side of an FTS5-compatible search: the GIN-indexed tsvector finds the matching
 * documents, and bm25 (bm25.ts) ranks them from the positions of the query's stems, with the same
 * statistics FTS5 uses (documents and tokens of the whole index, documents per phrase).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { bm25Score, type Bm25Document } from './bm25.js';
import { parseFtsExpression, phrasesOf, toTsQuery } from './fts-expression.js';
import { phraseBounds, topK } from './max-score.js';
import type { ColumnLabel } from './tsvector.js';

export interface RankedSearchTable {
  /** The table holding `id`, the tsvector column `tsv` and the token count `token_count`. */
  table: string;
  weights?: Partial<Record<ColumnLabel, number>>;
}

interface PositionRow {
  id: number;
  token_count: number;
  lexeme: string;
  positions: number[];
  weights: string[];
}

/** Totals of an index change slowly and cost a scan: each process reads them at most this often. */
const STATS_TTL_MS = 2_000;

/**
 * The part of the table that forms one index, as FTS5 would hold it in its own table: one
 * workspace's passages (SQLite keeps a table per workspace, so its statistics are the
 * workspace's own). `key` names it for the totals cache; `where` is the condition on the table.
 */
export interface SearchScope {
  key: string;
  where: RawBuilder<unknown>;
}

const WHOLE_TABLE: SearchScope = { key: '', where: sql`true` };

export function createRankedSearch(spec: RankedSearchTable) {
  const table = sql.table(spec.table);
  const totals = new Map<string, { at: number; total: number; tokens: number }>();

  async function readTotals(db: Kysely<any>, scope: SearchScope, atLeast: number): Promise<{ total: number; tokens: number }> {
    const now = Date.now();
    let cached = totals.get(scope.key);
    if (!cached || now - cached.at > STATS_TTL_MS || cached.total < atLeast) {
      const { rows } = await sql<{ total: number; tokens: number }>`select count(*)::int8 as total, coalesce(sum(token_count), 0)::int8 as tokens from ${table} where ${scope.where}`.execute(db);
      cached = { at: now, total: Number(rows[0]?.total ?? 0), tokens: Number(rows[0]?.tokens ?? 0) };
      if (totals.size >= 1024) totals.clear();
      totals.set(scope.key, cached);
    }
    return cached;
  }

  const counts = new Map<string, { at: number; n: number }>();

  /**
   * In how many documents of the scope each phrase occurs: one GIN lookup a phrase, all in one
   * round trip, remembered as the totals are. A question reads its terms' counts to drop the
   * ubiquitous ones, then ranks with the same counts: the second read is free. (Counting in one
   * pass over the rows matching the whole query evaluated every phrase on most of the workspace.)
   */
  async function phraseCounts(db: Kysely<any>, phrases: string[][], scope: SearchScope): Promise<number[]> {
    const now = Date.now();
    // Stems hold no spaces, so a phrase joined by spaces names it, and splits back into it.
    const keyOf = (phrase: string) => `${scope.key}|${phrase}`;
    const missing = [...new Set(phrases.map((p) => p.join(' ')))].filter((p) => {
      const cached = counts.get(keyOf(p));
      return !cached || now - cached.at > STATS_TTL_MS;
    });
    if (missing.length > 0) {
      const { rows } = await sql<{ phrase: string; n: number }>`
        select t.phrase, (select count(*) from ${table} where ${scope.where} and tsv @@ t.q)::int8 as n
        from unnest(${missing}::text[], ${missing.map((p) => toTsQuery({ kind: 'phrase', stems: p.split(' ') }))}::tsquery[]) as t(phrase, q)`.execute(db);
      if (counts.size >= 10_000) counts.clear();
      for (const row of rows) counts.set(keyOf(row.phrase), { at: now, n: Number(row.n) });
    }
    return phrases.map((p) => counts.get(keyOf(p.join(' ')))?.n ?? 0);
  }

  /**
   * Each candidate matching `tsquery` (and not in `exclude`), with the positions of the query's
   * stems in it. Only the query's lexemes are unnested: ts_delete twice (drop them, then drop
   * everything else) keeps them in C, where unnesting the whole tsvector made a row of every lexeme
   * of every matching document and filtered them in SQL. On the statute corpus that unnest was
   * 264 ms of an ask's search (5,000 rows kept of some 120,000 made).
   */
  async function readPositions(
    db: Kysely<any>,
    candidates: (tsquery: RawBuilder<unknown>) => RawBuilder<{ id: number }>,
    tsquery: string,
    stems: string[],
    exclude: number[],
  ): Promise<Map<number, Bm25Document>> {
    const matching = candidates(sql`${tsquery}::tsquery`);
    const source = exclude.length === 0 ? matching : sql`select m.id from (${matching}) m where m.id <> all(${exclude}::int[])`;
    const { rows } = await sql<PositionRow>`
      select t.id, t.token_count, u.lexeme, u.positions, u.weights
      from (${source}) c
      join ${table} t on t.id = c.id
      cross join lateral unnest(ts_delete(t.tsv, tsvector_to_array(ts_delete(t.tsv, ${stems}::text[])))) as u(lexeme, positions, weights)`.execute(db);
    const docs = new Map<number, Bm25Document>();
    for (const row of rows) {
      const doc = docs.get(row.id) ?? docs.set(row.id, { tokenCount: Number(row.token_count), positions: new Map() }).get(row.id)!;
      doc.positions.set(
        row.lexeme,
        row.positions.map((position, i) => ({ position, label: (row.weights[i] ?? 'D') as ColumnLabel })),
      );
    }
    return docs;
  }

  /**
   * The ids (with their bm25 score, best first) among `candidates` (a select of `id`s, given the
   * tsquery to filter on) that match the FTS5 expression. PostgreSQL cannot stop early in a
   * ranked index, so MaxScore (max-score.ts) does it in two reads: the documents holding the
   * rarest phrases give a k-th score, and then only documents holding enough of the other phrases
   * to rise above it are read. A D.C. ask's common words ("place", "project") match thousands of
   * sections that this never reads; the top k are exactly those of reading them all.
   */
  async function search(
    db: Kysely<any>,
    expression: string,
    candidates: (tsquery: RawBuilder<unknown>) => RawBuilder<{ id: number }>,
    limit: number,
    scope: SearchScope = WHOLE_TABLE,
  ): Promise<Array<{ id: number; score: number }>> {
    const node = parseFtsExpression(expression);
    if (!node) return [];
    const phrases = phrasesOf(node);
    const stems = [...new Set(phrases.flat())];
    const hits = await phraseCounts(db, phrases, scope);
    const { total, tokens } = await readTotals(db, scope, Math.max(0, ...hits));
    const stats = { total, tokens, hits };
    const score = (docs: Map<number, Bm25Document>) => [...docs].map(([id, doc]) => ({ id, score: bm25Score(doc, phrases, stats, spec.weights) }));
    // In an OR of phrases, holding any of them is matching: the condition alone is the query. Written
    // as "expression AND condition", PostgreSQL's index scan would still walk every list of the
    // expression's common words (a workspace read that found nothing took 94 ms).
    const anyPhraseMatches = node.kind === 'phrase' || (node.kind === 'or' && node.items.every((item) => item.kind === 'phrase'));
    return topK(phraseBounds(phrases, hits, total), limit, async (condition, exclude) => {
      const tsquery = toTsQuery(condition === null ? node : anyPhraseMatches ? condition : { kind: 'and', items: [node, condition] });
      return score(await readPositions(db, candidates, tsquery, stems, exclude));
    });
  }

  /** In how many documents each stem occurs (a GIN lookup each, all in one round trip), and how many documents and tokens there are. */
  async function termFrequencies(db: Kysely<any>, terms: string[], scope: SearchScope = WHOLE_TABLE): Promise<{ total: number; tokens: number; frequencies: Map<string, number> }> {
    const unique = [...new Set(terms)];
    const counted = await phraseCounts(db, unique.map((term) => [term]), scope);
    const frequencies = new Map(unique.map((term, i) => [term, counted[i] ?? 0]));
    const { total, tokens } = await readTotals(db, scope, 0);
    return { total, tokens, frequencies };
  }

  return { search, termFrequencies };
}

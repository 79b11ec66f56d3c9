/**
 * The PostgreSQL side of an FTS5-compatible search: the GIN-indexed tsvector finds the matching
 * documents, and bm25 (bm25.ts) ranks them from the positions of the query's stems, with the same
 * statistics FTS5 uses (documents and tokens of the whole index, documents per phrase).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { bm25Score, type Bm25Document } from './bm25.js';
import { parseFtsExpression, phrasesOf, toTsQuery, type FtsNode } from './fts-expression.js';
import { indexLookup, phraseBounds, topK } from './max-score.js';
import { readSearchStamp } from './search-stamps.js';
import { readTermCounts } from './term-counts.js';
import { labelAt, parseTsvectorText, type ColumnLabel } from './tsvector.js';

/** What a search's `candidates` select: the table's rows matching the tsquery it is given. */
export interface CandidateRow {
  id: number;
  tsv: string;
  token_count: number;
  /** Where the table has them (RankedSearchTable.columns): where each column after the first starts. */
  label_starts?: number[];
}

export interface RankedSearchTable {
  /** The table holding `id`, the tsvector column `tsv` and the token count `token_count`. */
  table: string;
  weights?: Partial<Record<ColumnLabel, number>>;
  /**
   * The labels of the table's columns in position order, when each row also holds `label_starts`
   * (smallint[]: the position each column after the first starts at; BuiltTsvector.labelStarts).
   * A weighted search then reads a position's label from where it falls, not from the tsvector.
   */
  columns?: readonly ColumnLabel[];
  /**
   * Whether every write to the table moves its scope's stamp in `search_stamps`
   * (search-stamps.migration.ts). Counts and totals are then kept until the stamp moves; a table
   * without stamps has them read again every STATS_TTL_MS.
   */
  stamped?: boolean;
  /**
   * Whether the table's lexemes are counted after each write (term-counts.ts: refreshTermCounts;
   * a stamped table that is one index). A single word's count is then read from them while they
   * hold for the table's stamp.
   */
  termCounts?: boolean;
}

/** Counts and totals cost scans: without stamps, each process reads them at most this often. */
const STATS_TTL_MS = 2_000;
/** Cached phrase counts, all scopes together; past this many they are dropped and read again as asked. */
const MAX_CACHED_COUNTS = 50_000;

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
  // Whether the column labels change a score: a label without a weight weighs 1.
  const weighted = Object.values(spec.weights ?? {}).some((w) => w !== 1);
  const totals = new Map<string, { epoch: string; total: number; tokens: number }>();
  const counts = new Map<string, number>();

  /**
   * What a scope's cached statistics hold for: its stamp, read in one indexed lookup, where writes
   * keep one; otherwise the STATS_TTL_MS window they were read in. The stamp is read before the
   * statistics, so what they count is at least as new as the stamp they are kept under: a write
   * committed before the lookup is counted, and one committed after it moves the stamp.
   */
  async function epochOf(db: Kysely<any>, scope: SearchScope): Promise<{ epoch: string; stamp: number | null }> {
    if (!spec.stamped) return { epoch: `t${Math.floor(Date.now() / STATS_TTL_MS)}`, stamp: null };
    const stamp = await readSearchStamp(db, spec.table, scope.key);
    return { epoch: `s${stamp}`, stamp };
  }

  async function readTotals(db: Kysely<any>, scope: SearchScope, epoch: string, atLeast: number): Promise<{ total: number; tokens: number }> {
    let cached = totals.get(scope.key);
    if (!cached || cached.epoch !== epoch || cached.total < atLeast) {
      const { rows } = await sql<{ total: number; tokens: number }>`select count(*)::int8 as total, coalesce(sum(token_count), 0)::int8 as tokens from ${table} where ${scope.where}`.execute(db);
      cached = { epoch, total: Number(rows[0]?.total ?? 0), tokens: Number(rows[0]?.tokens ?? 0) };
      if (totals.size >= 1024) totals.clear();
      totals.set(scope.key, cached);
    }
    return cached;
  }

  /**
   * In how many documents of the scope each phrase occurs: one GIN lookup a phrase, all in one
   * round trip, kept for the scope's epoch as the totals are. A question reads its terms' counts to
   * drop the ubiquitous ones, then ranks with the same counts: the second read is free. (Counting in
   * one pass over the rows matching the whole query evaluated every phrase on most of the workspace.)
   */
  async function phraseCounts(db: Kysely<any>, phrases: string[][], scope: SearchScope, epoch: string, stamp: number | null): Promise<number[]> {
    // Stems hold no spaces, so a phrase joined by spaces names it, and splits back into it.
    const keyOf = (phrase: string) => `${scope.key}|${epoch}|${phrase}`;
    let missing = [...new Set(phrases.map((p) => p.join(' ')))].filter((p) => !counts.has(keyOf(p)));
    const words = missing.filter((p) => !p.includes(' '));
    if (spec.termCounts && scope.key === WHOLE_TABLE.key && stamp !== null && words.length > 0) {
      const kept = await readTermCounts(db, spec.table, stamp, words);
      if (kept) {
        if (counts.size + kept.size > MAX_CACHED_COUNTS) counts.clear();
        for (const [word, n] of kept) counts.set(keyOf(word), n);
        missing = missing.filter((p) => !kept.has(p));
      }
    }
    if (missing.length > 0) {
      const { rows } = await sql<{ phrase: string; n: number }>`
        select t.phrase, (select count(*) from ${table} where ${scope.where} and tsv @@ t.q)::int8 as n
        from unnest(${missing}::text[], ${missing.map((p) => toTsQuery({ kind: 'phrase', stems: p.split(' ') }))}::tsquery[]) as t(phrase, q)`.execute(db);
      if (counts.size + rows.length > MAX_CACHED_COUNTS) counts.clear();
      for (const row of rows) counts.set(keyOf(row.phrase), Number(row.n));
    }
    return phrases.map((p) => counts.get(keyOf(p.join(' '))) ?? 0);
  }

  /**
   * The phrase counts and the index's totals, of the scope's current epoch. Both are scans of the
   * scope, so when the epoch moves they run at once, on two of the pool's connections. Totals
   * smaller than a count they must exceed (read before a write the count saw) are read again.
   */
  async function countsAndTotals(db: Kysely<any>, phrases: string[][], scope: SearchScope): Promise<{ hits: number[]; total: number; tokens: number }> {
    const { epoch, stamp } = await epochOf(db, scope);
    const [hits, totalsNow] = await Promise.all([phraseCounts(db, phrases, scope, epoch, stamp), readTotals(db, scope, epoch, 0)]);
    const atLeast = Math.max(0, ...hits);
    const { total, tokens } = totalsNow.total < atLeast ? await readTotals(db, scope, epoch, atLeast) : totalsNow;
    return { hits, total, tokens };
  }

  /**
   * Each candidate matching `query` (and not in `exclude`) with its score, `scoreOf` the positions
   * of the query's stems in it. The index is asked for `lookup`, which every document matching `query` matches
   * (indexLookup), and `query` itself is checked on the rows read. Only the query's lexemes are
   * kept, inside PostgreSQL's own tsvector functions, where unnesting the whole tsvector made a row
   * of every lexeme of every matching document and filtered them in SQL (on the statute corpus,
   * 264 ms of an ask's search). The documents come back as one text value, a line each
   * (forEachDocumentLine): a workspace question read 2,568 rows of (lexeme,
   * positions[], weights[]) on average, and parsing them (node-postgres' rows, postgres-array's
   * arrays) and collecting their garbage was a third of the answering thread's time on PostgreSQL.
   * Each document is scored as its line is read and then dropped: collected all before scoring,
   * thousands of them a read in a large room, they outlived the young generation's collections.
   */
  async function readScores(
    db: Kysely<any>,
    candidates: (tsquery: RawBuilder<unknown>) => RawBuilder<CandidateRow>,
    lookup: FtsNode,
    query: FtsNode,
    stems: string[],
    exclude: number[],
    scoreOf: (doc: Bm25Document) => number,
  ): Promise<Array<{ id: number; score: number }>> {
    const matching = candidates(sql`${toTsQuery(lookup)}::tsquery`);
    const unread = exclude.length === 0 ? sql`true` : sql`c.id <> all(${exclude}::int[])`;
    // ts_match_vq is @@ as a function: a condition the planner cannot take to the index.
    const exact = lookup === query ? sql`true` : sql`ts_match_vq(c.tsv, ${toTsQuery(query)}::tsquery)`;
    // A subquery PostgreSQL pulls up: the conditions join the index scan's filter, and the
    // candidates' own rows give the tsvectors (joining the table again by id cost a lookup a candidate).
    // Only the stems' positions are kept: marked C and filtered on it (no column here is labelled C),
    // which overwrites their labels. Where every column weighs the same that loses nothing; where
    // the rows hold their columns' starts, each position's label is read back from them. Keeping
    // the labels inside PostgreSQL took two deletions, the second of the complement of the stems
    // (every other lexeme): on the D.C. Code, a read of 3,697 sections for a four-word ask took
    // 185 ms that way and 75 ms marked, and the 22 dev asks' searches 1.5 s against 1.0 s.
    const starts = weighted && spec.columns ? sql`' ' || array_to_string(c.label_starts, ',')` : sql`''`;
    const ofStems = weighted && !spec.columns
      ? sql`ts_delete(c.tsv, tsvector_to_array(ts_delete(c.tsv, ${stems}::text[])))`
      : sql`ts_filter(setweight(c.tsv, 'C', ${stems}::text[]), '{c}')`;
    const { rows } = await sql<{ docs: string | null }>`
      select string_agg(c.id || ' ' || c.token_count || ${starts} || ' ' || ${ofStems}::text, E'\n') as docs
      from (${matching}) c
      where ${unread} and ${exact}`.execute(db);
    const scored: Array<{ id: number; score: number }> = [];
    forEachDocumentLine(rows[0]?.docs ?? '', (id, doc) => scored.push({ id, score: scoreOf(doc) }), weighted ? spec.columns : undefined);
    return scored;
  }

  /**
   * The ids (with their bm25 score, best first) among `candidates` (a select of the table's `id`,
   * `tsv` and `token_count`, given the tsquery to filter on) that match the FTS5 expression.
   * PostgreSQL cannot stop early in a ranked index, so MaxScore (max-score.ts) does it in two
   * reads: the documents holding the rarest phrases give a k-th score, and then only documents
   * holding enough of the other phrases to rise above it are read. A D.C. ask's common words ("place", "project") match thousands of
   * sections that this never reads; the top k are exactly those of reading them all.
   */
  async function search(
    db: Kysely<any>,
    expression: string,
    candidates: (tsquery: RawBuilder<unknown>) => RawBuilder<CandidateRow>,
    limit: number,
    scope: SearchScope = WHOLE_TABLE,
  ): Promise<Array<{ id: number; score: number }>> {
    const node = parseFtsExpression(expression);
    if (!node) return [];
    const phrases = phrasesOf(node);
    const stems = [...new Set(phrases.flat())];
    const { hits, total, tokens } = await countsAndTotals(db, phrases, scope);
    const stats = { total, tokens, hits };
    const hitCounts = new Map(phrases.map((p, i) => [p.join(' '), hits[i] ?? 0]));
    const hitsOf = (stems: string[]) => hitCounts.get(stems.join(' ')) ?? total;
    const scoreOf = (doc: Bm25Document) => bm25Score(doc, phrases, stats, spec.weights);
    // In an OR of phrases, holding any of them is matching: the condition alone is the query. Written
    // as "expression AND condition", PostgreSQL's index scan would still walk every list of the
    // expression's common words (a workspace read that found nothing took 94 ms).
    const anyPhraseMatches = node.kind === 'phrase' || (node.kind === 'or' && node.items.every((item) => item.kind === 'phrase'));
    return topK(phraseBounds(phrases, hits, total), limit, async (condition, exclude) => {
      const query: FtsNode = condition === null ? node : anyPhraseMatches ? condition : { kind: 'and', items: [node, condition] };
      // A MaxScore condition names common phrases many times over; the expression as written does not.
      const lookup = query === condition ? indexLookup(condition, hitsOf) : query;
      return readScores(db, candidates, lookup, query, stems, exclude, scoreOf);
    });
  }

  /** In how many documents each stem occurs (a GIN lookup each, all in one round trip), and how many documents and tokens there are. */
  async function termFrequencies(db: Kysely<any>, terms: string[], scope: SearchScope = WHOLE_TABLE): Promise<{ total: number; tokens: number; frequencies: Map<string, number> }> {
    const unique = [...new Set(terms)];
    const { hits, total, tokens } = await countsAndTotals(db, unique.map((term) => [term]), scope);
    const frequencies = new Map(unique.map((term, i) => [term, hits[i] ?? 0]));
    return { total, tokens, frequencies };
  }

  return { search, termFrequencies };
}

/**
 * Each line readScores asks for ("id tokens tsvector", tsvector as PostgreSQL prints it; with
 * `columns`, "id tokens starts tsvector", starts the row's label_starts joined by commas and the
 * tsvector's labels overwritten), as a document handed to `visit`.
 */
export function forEachDocumentLine(text: string, visit: (id: number, doc: Bm25Document) => void, columns?: readonly ColumnLabel[]): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const idEnd = text.indexOf(' ', start);
    let countEnd = text.indexOf(' ', idEnd + 1);
    // An empty tsvector prints as nothing: the line may end after the token count (or the starts).
    if (countEnd < 0 || countEnd > end) countEnd = end;
    let vectorStart = countEnd;
    let labelOf: ((position: number) => ColumnLabel) | undefined;
    if (columns) {
      vectorStart = text.indexOf(' ', countEnd + 1);
      if (vectorStart < 0 || vectorStart > end) vectorStart = end;
      const field = text.slice(countEnd + 1, vectorStart);
      const starts = field === '' ? [] : field.split(',').map(Number);
      labelOf = (position) => labelAt(position, columns, starts);
    }
    visit(Number(text.slice(start, idEnd)), {
      tokenCount: Number(text.slice(idEnd + 1, countEnd)),
      positions: parseTsvectorText(text.slice(vectorStart, end), labelOf),
    });
    start = end + 1;
  }
}

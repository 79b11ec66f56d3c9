/**
 * MaxScore pruning (Turtle and Flood, "Query evaluation: strategies and optimizations", 1995) for a
 * bm25 top-k over the phrases of an expression, where PostgreSQL has no ranked index to stop early
 * in: a document whose matched phrases could together score at most their bounds' sum cannot enter
 * a top-k whose k-th score is already higher, so it need not be read at all. Exact: the top k are
 * the same as scoring every match. topK plans the reads; the caller runs them (postgres-ranked-search.ts
 * in SQL, the unit tests over documents in memory).
 *
 * Written here because the pruning has to live where the rows are fetched: no PostgreSQL extension
 * in the stack ranks by bm25, and the search must keep FTS5's scores to the last digit.
 */
import { idf, termScoreBound } from './bm25.js';
import { phrasesOf, type FtsNode } from './fts-expression.js';

export interface PhraseBound {
  stems: string[];
  /** Documents of the whole index that hold the phrase. */
  hits: number;
  /** What the phrase can add to any document's score at most (repeats in the expression summed). */
  bound: number;
}

/**
 * A probe reads the rarest phrases until their documents number this many times k. A larger probe
 * costs more to read and finds a higher k-th score to prune the rest with: over the 248 statute
 * searches of the eval's asks and checks on PostgreSQL (k = 40), 2, 4, 8, 16 and 32 took 10.3, 9.3,
 * 8.1, 8.5 and 10.1 s.
 */
const PROBE_FACTOR = 8;

/** One bound per distinct phrase, from the phrase counts bm25 scores with. */
export function phraseBounds(phrases: string[][], hits: number[], total: number): PhraseBound[] {
  const byKey = new Map<string, PhraseBound>();
  phrases.forEach((stems, i) => {
    const key = stems.join(' ');
    const n = hits[i] ?? 0;
    const bound = termScoreBound(idf(total, n));
    const seen = byKey.get(key);
    if (seen) seen.bound += bound;
    else byKey.set(key, { stems, hits: n, bound });
  });
  return [...byKey.values()];
}

/**
 * The rarest phrases, whose documents are read first to learn a k-th score to prune with: taken
 * rarest first until they hold PROBE_FACTOR·k documents. Null when that takes every phrase: the
 * probe would then read all there is, and pruning has nothing to save.
 */
export function probePhrases(bounds: PhraseBound[], limit: number): PhraseBound[] | null {
  const rarest = [...bounds].sort((a, b) => a.hits - b.hits);
  const probe: PhraseBound[] = [];
  let documents = 0;
  for (const phrase of rarest) {
    if (documents >= PROBE_FACTOR * limit) break;
    probe.push(phrase);
    documents += phrase.hits;
  }
  return probe.length < bounds.length ? probe : null;
}

/**
 * A bound on the size of the condition: PostgreSQL evaluates it for every document in any of its
 * lexemes' lists. A U.S. Code ask's 297 sets, nested (holdingOneOf), took 76 ms; past this many,
 * every match is read instead.
 */
const MAX_SETS = 512;

/**
 * What a document outside the probe must hold to possibly score above `threshold` (the k-th score
 * the probe reached): every phrase of one of these sets, each a smallest set of `others` whose
 * bounds sum above it. A document's score stays under the sum of the bounds of the phrases it holds,
 * so one that holds none of these sets in full cannot reach the top k. Two common words that only
 * count together become an AND, which the index intersects, instead of an OR that reads both
 * lists whole. With no threshold (fewer than k found), each phrase alone. Null when more than
 * `maxSets` sets would be needed: topK then reads the documents holding an essential phrase.
 */
export function qualifyingSets(others: PhraseBound[], threshold: number, maxSets = MAX_SETS): PhraseBound[][] | null {
  const descending = [...others].sort((a, b) => b.bound - a.bound);
  const after = descending.map((_, i) => descending.slice(i).reduce((sum, p) => sum + p.bound, 0));
  const sets: PhraseBound[][] = [];
  // Phrases are taken largest bound first and a set closes as soon as it passes the threshold, so
  // the last phrase taken is its smallest: without it the set would not pass, so every set is minimal.
  const extend = (from: number, chosen: PhraseBound[], sum: number): boolean => {
    for (let i = from; i < descending.length; i++) {
      if (sum + after[i]! <= threshold) return true;
      const phrase = descending[i]!;
      if (sum + phrase.bound > threshold) {
        if (sets.length === maxSets) return false;
        sets.push([...chosen, phrase]);
      } else if (!extend(i + 1, [...chosen, phrase], sum + phrase.bound)) {
        return false;
      }
    }
    return true;
  };
  return extend(0, [], 0) ? sets : null;
}

/**
 * The condition "holds every phrase of one of `sets`", nested by shared leading phrases
 * ("a & (b | c) | b & c" rather than "a & b | a & c | b & c"). PostgreSQL evaluates the tsquery
 * once for every document in any of its lexemes' lists, so its size is paid thousands of times: a
 * U.S. Code ask's 297 sets took 323 ms written flat and 76 ms nested.
 */
export function holdingOneOf(sets: PhraseBound[][]): FtsNode {
  const groups = new Map<PhraseBound, PhraseBound[][]>();
  for (const [head, ...tail] of sets) {
    if (head === undefined) continue;
    const tails = groups.get(head) ?? groups.set(head, []).get(head)!;
    tails.push(tail);
  }
  const items: FtsNode[] = [...groups].map(([head, tails]) => {
    const phrase: FtsNode = { kind: 'phrase', stems: head.stems };
    // A phrase that qualifies alone needs nothing after it.
    return tails.some((t) => t.length === 0) ? phrase : { kind: 'and', items: [phrase, holdingOneOf(tails)] };
  });
  return items.length === 1 ? items[0]! : { kind: 'or', items };
}

/**
 * Lexeme mentions up to which a MaxScore condition is handed to the index as written. PostgreSQL's
 * GIN scan makes one entry of every lexeme a tsquery names, repeats included, merges their posting
 * lists and evaluates the whole tsquery on each document in any of them; the lookup below instead
 * reads every document holding one of a few phrases and checks the condition on each row, which
 * costs a heap (and TOAST) read per document. Over 60 second reads drawn at random from a
 * PostgreSQL eval:workspace run (399 contracts), the condition as written answered in 0.5 to 0.75
 * of the lookup's time up to 54 mentions, about as fast from 69 to 111, and slower from 121 (a
 * condition of 464 mentions: 62 ms against 16). The rows are the same either way.
 */
export const MAX_INDEXED_MENTIONS = 64;

/**
 * What the index is asked for in place of a MaxScore condition: the condition itself when it names
 * each phrase once, or names at most `maxMentions` lexemes in all (a phrase's words each count);
 * otherwise the OR of, for each way of holding the condition, its rarest phrase (by `hits`), each
 * phrase once. Every document holding the condition holds one of them, so reading these and keeping
 * those that hold the condition itself reads the same documents. (Measured before
 * MAX_INDEXED_MENTIONS: a workspace condition of 13 phrases took 49 ms for 105 documents, and the OR
 * of its rarest phrases 8 ms.)
 */
export function indexLookup(condition: FtsNode, hits: (stems: string[]) => number, maxMentions = MAX_INDEXED_MENTIONS): FtsNode {
  const cost = (phrases: Map<string, string[]>) => [...phrases.values()].reduce((sum, stems) => sum + hits(stems), 0);
  const collect = (node: FtsNode): Map<string, string[]> => {
    switch (node.kind) {
      case 'phrase':
        return new Map([[node.stems.join(' '), node.stems]]);
      case 'or':
        return new Map(node.items.flatMap((item) => [...collect(item)]));
      case 'and': {
        // Holding every item means holding the cheapest item's lookup.
        const options = node.items.map(collect);
        return options.reduce((best, option) => (cost(option) < cost(best) ? option : best));
      }
      case 'not':
        return collect(node.left);
    }
  };
  const named = phrasesOf(condition);
  const mentions = named.reduce((n, stems) => n + stems.length, 0);
  if (mentions <= maxMentions || new Set(named.map((stems) => stems.join(' '))).size === named.length) return condition;
  const phrases = [...collect(condition).values()];
  return phrases.length === 1 ? { kind: 'phrase', stems: phrases[0]! } : { kind: 'or', items: phrases.map((stems) => ({ kind: 'phrase', stems })) };
}

/**
 * MaxScore's own condition, for when the qualifying sets are too many to write: a document must
 * hold one of the phrases left once the smallest bounds that together stay at or under `threshold`
 * are set aside (a document holding only those cannot pass it). Looser than the sets, but it never
 * reads a document holding only common phrases, where reading every match did: a workspace
 * question naming a contract ("global maintenance agreement" OR "c 3957" OR "01" OR ...) read
 * 6,982 passages for its top 60.
 */
export function essentialPhrases(others: PhraseBound[], threshold: number): FtsNode | null {
  const ascending = [...others].sort((a, b) => a.bound - b.bound);
  let sum = 0;
  let firstEssential = 0;
  while (firstEssential < ascending.length && sum + ascending[firstEssential]!.bound <= threshold) sum += ascending[firstEssential++]!.bound;
  const essential = ascending.slice(firstEssential);
  if (essential.length === ascending.length) return null;
  return holdingOneOf(essential.map((p) => [p]));
}

export interface ScoredId {
  id: number;
  score: number;
}

/**
 * Reads the documents that match the whole expression and, when given, `condition` too, leaving out
 * the ids in `exclude`, each with its bm25 score over all the expression's phrases.
 */
export type ReadMatches = (condition: FtsNode | null, exclude: number[]) => Promise<ScoredId[]>;

const best = (a: ScoredId, b: ScoredId) => b.score - a.score || a.id - b.id;

/**
 * The `limit` best documents (score, then id), as reading every match would give them, in at most
 * two reads: the documents holding the rarest phrases, whose k-th score then bounds what the rest
 * must hold to matter (qualifyingSets, or essentialPhrases when the sets are too many), and those.
 * One plain read when there is nothing to prune.
 */
export async function topK(bounds: PhraseBound[], limit: number, read: ReadMatches, maxSets = MAX_SETS): Promise<ScoredId[]> {
  const probe = limit > 0 ? probePhrases(bounds, limit) : null;
  if (probe === null) return (await read(null, [])).sort(best).slice(0, limit);
  const first = (await read(holdingOneOf(probe.map((p) => [p])), [])).sort(best);
  const threshold = first.length >= limit ? first[limit - 1]!.score : 0;
  const others = bounds.filter((p) => !probe.includes(p));
  const sets = qualifyingSets(others, threshold, maxSets);
  if (sets !== null && sets.length === 0) return first.slice(0, limit);
  const seen = new Set(first.map((d) => d.id));
  // `exclude` spares the second read the probe's documents; the filter keeps them single whatever a reader returns.
  const rest = (await read(sets === null ? essentialPhrases(others, threshold) : holdingOneOf(sets), [...seen])).filter((d) => !seen.has(d.id));
  return [...first, ...rest].sort(best).slice(0, limit);
}

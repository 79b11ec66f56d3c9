import { bmpWordClasses, scanWordSpans } from '../word-scan.js';
import { clauseStem } from './clause-features.js';
import { PairTable } from './pair-table.js';
import { clauseSumAddon } from './native-clause-sum.js';
import { WordTable } from './word-table.js';

/** One CUAD clause category as the trained model knows it. */
export interface ClauseCategory {
  /** CUAD's column name: "Governing Law", "Cap On Liability". */
  name: string;
  /** CUAD's own description of the category (CUAD_v1_README.txt), used to read questions. */
  description: string;
  bias: number;
  /**
   * A document whose best passage scores under this probability is judged to lack the clause
   * (chosen by the training script so few documents that have it fall under).
   */
  present: number;
}

/**
 * The trained one-vs-rest logistic regression (scripts/train-clauses.ts writes it): per feature,
 * the categories whose weight for it survived pruning, as [category index, weight] pairs.
 */
export interface ClauseModelData {
  version: number;
  categories: ClauseCategory[];
  weights: Record<string, Array<[number, number]>>;
}

/**
 * The same model in columns, as the classifier loads it (clause-model.columns.json, written beside
 * the model by the training script): feature i has runs[i] (category, weight) pairs, the next ones
 * in `classes` and `weights`. Parsing the model's hundreds of thousands of two-element arrays cost
 * every process that tags or reads questions 0.2 s and left it some 55 MB larger (41 → 97 MB RSS
 * in a bare process, 6 MB of heap in use); four flat arrays parse in a fraction of that.
 */
export interface ClauseModelColumns {
  version: number;
  categories: ClauseCategory[];
  features: string[];
  runs: number[];
  classes: number[];
  weights: number[];
}

/** The model's weights in columns, features in the model's order: what the classifier compiles. */
export function toColumns(model: ClauseModelData): ClauseModelColumns {
  const columns: ClauseModelColumns = { version: model.version, categories: model.categories, features: [], runs: [], classes: [], weights: [] };
  for (const [feature, pairs] of Object.entries(model.weights)) {
    columns.features.push(feature);
    columns.runs.push(pairs.length);
    for (const [c, w] of pairs) {
      columns.classes.push(c);
      columns.weights.push(w);
    }
  }
  return columns;
}

export interface ClauseScore {
  category: string;
  /** The model's probability that the text expresses the category. */
  p: number;
}

/** A passage is tagged with a category at or above this probability. */
export const TAG_THRESHOLD = 0.5;
/** Probabilities under this are not stored with a passage, unless the category's presence cut-off is lower (keepThreshold). */
export const KEEP_THRESHOLD = 0.001;

/**
 * A probability as a passage stores it, and as presence cut-offs are chosen on (scripts/train-clauses.ts),
 * so the cut-off compares exactly what the query engine will: 3 significant digits. With 3 decimals a
 * cut-off of 0.0025 shipped as 0.003 and one under 0.0005 as 0 (never "no such clause"); the clause
 * tags of a passage grew 7% (275 to 294 bytes on average over 3,080 CUAD passages).
 */
export function storedProbability(p: number): number {
  // Number(p.toPrecision(3)) rounds p's exact value half up to 3 significant digits and reads the
  // decimal back: the double nearest n / 10^k. Dividing two exact doubles is correctly rounded, so
  // Math.round(p * 10^k) / 10^k is that same double, whenever p * 10^k (off by under 1e-13) is not
  // within a hair of a half. Every kept score of every passage comes through here, and toPrecision
  // made it a tenth of tagging; the fallback keeps the exact answer for the rest.
  if (p > 0 && p < 1) {
    let k = 2 - Math.floor(Math.log10(p));
    let x = p * (POWERS_OF_TEN[k] ?? NaN);
    if (x < 100) x = p * (POWERS_OF_TEN[++k] ?? NaN);
    const fraction = x - Math.floor(x);
    if (x < 1000 && Math.abs(fraction - 0.5) > 1e-7) return Math.round(x) / (POWERS_OF_TEN[k] as number);
  }
  return Number(p.toPrecision(3));
}

/** 10^0 … 10^22, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The least (stored) probability a passage keeps for a category: KEEP_THRESHOLD, or the category's
 * presence cut-off when that is lower, since presence compares the best stored passage with it.
 */
export function keepThreshold(category: Pick<ClauseCategory, 'present'>): number {
  return category.present > 0 ? Math.min(KEEP_THRESHOLD, category.present) : KEEP_THRESHOLD;
}

const logistic = (z: number) => 1 / (1 + Math.exp(-z));

export interface ClauseClassifier {
  readonly categories: readonly ClauseCategory[];
  /** Whether the feature sums run in the native addon (clause-sum.c) rather than in JavaScript: the same sums. */
  readonly native: boolean;
  /** Every category's probability, in the model's category order. */
  scores(text: string): ClauseScore[];
  /** The categories the text expresses (probability ≥ TAG_THRESHOLD), most likely first. */
  tags(text: string): string[];
  /** Categories whose probability (as storedProbability) reaches their keepThreshold: what a passage stores. */
  significant(text: string): Record<string, number>;
  /** `JSON.stringify(significant(text))`, as the index stores it, written directly. */
  significantJson(text: string): string;
}

/** A classifier over trained weights: a sum of feature weights per category, then the logistic. */
export interface ClauseClassifierOptions {
  /** Sum in the native addon when it is built (the default), or always in JavaScript. */
  native?: boolean;
  /** How many words as written the classifier remembers with their stems (a bound against junk text). */
  wordLimit?: number;
}

export function createClauseClassifier(model: ClauseModelData | ClauseModelColumns, options: ClauseClassifierOptions = {}): ClauseClassifier {
  // Only the categories and the compiled weights are kept: the closures below never name `model`,
  // so its JSON weights can be collected once compiled.
  const { categories } = model;
  const weights = compileWeights('features' in model ? model : toColumns(model), options.native ?? true, options.wordLimit ?? WORD_ENTRIES_MAX);
  const biases = Float64Array.from(categories, (c) => c.bias);
  const keepAt = Float64Array.from(categories, keepThreshold);
  // A little under each keep threshold's logit (a probability just under it may round up to it):
  // anything below is certainly not kept.
  const keepLogit = keepAt.map((k) => Math.log(k / (1 - k)) - 0.01);
  /** Each category's name as a JSON object key, with its colon: `"Governing Law":`. */
  const jsonKeys = categories.map((c) => `${JSON.stringify(c.name)}:`);
  const logits = (text: string): Float64Array => {
    const sums = biases.slice();
    weights.addTo(sums, text);
    return sums;
  };
  /** Visits, in category order, each category a passage stores, with its stored probability. */
  const eachKept = (text: string, visit: (category: number, p: number) => void): void => {
    // Every passage of every upload is stored with these: most categories fall far under the
    // threshold, so they are dropped by their logit before any exp().
    const z = logits(text);
    for (let i = 0; i < z.length; i++) {
      if ((z[i] as number) < (keepLogit[i] as number)) continue;
      const p = storedProbability(logistic(z[i] as number));
      if (p >= (keepAt[i] as number)) visit(i, p);
    }
  };
  const scores = (text: string): ClauseScore[] => {
    const z = logits(text);
    return categories.map((c, i) => ({ category: c.name, p: logistic(z[i] as number) }));
  };
  return {
    categories,
    native: weights.native,
    scores,
    tags(text) {
      return scores(text)
        .filter((s) => s.p >= TAG_THRESHOLD)
        .sort((a, b) => b.p - a.p)
        .map((s) => s.category);
    },
    significant(text) {
      const kept: Record<string, number> = {};
      eachKept(text, (i, p) => (kept[categories[i]!.name] = p));
      return kept;
    },
    significantJson(text) {
      // The same string as JSON.stringify(significant(text)) (keys in category order, each number
      // as String() writes it), without the object: 6–9% less tagging time over 26,664 CUAD passages.
      let json = '';
      eachKept(text, (i, p) => (json += `${json === '' ? '{' : ','}${jsonKeys[i]}${String(p)}`));
      return json === '' ? '{}' : `${json}}`;
    },
  };
}

/**
 * The weights flattened for scoring every passage of every upload, the hottest loop of ingestion.
 * Each stem of the model's vocabulary gets a number, so a passage's unigrams and bigrams are looked
 * up as small integers (one string lookup per token, of the word as written; bigrams in a PairTable)
 * instead of building a string per bigram and hashing it twice. The sum is exactly clauseFeatures'
 * (binary features scaled by 1/sqrt(n), n counting every distinct feature, known or not), which the
 * training script uses; the unit test holds the two to the last bit.
 */
function compileWeights(model: ClauseModelColumns, useNative: boolean, wordLimit: number) {
  const stemIds = new Map<string, number>();
  const idOf = (stem: string) => {
    let id = stemIds.get(stem);
    if (id === undefined) {
      id = stemIds.size;
      stemIds.set(stem, id);
    }
    return id;
  };
  const entries = model.features.map((feature) => feature.split(' ').map(idOf));
  const known = stemIds.size;
  const categoryOf = Uint16Array.from(model.classes);
  const weightOf = Float64Array.from(model.weights);
  const starts: number[] = [];
  const ends: number[] = [];
  // A feature → the index of its [start, end) run of (category, weight) pairs.
  const unigramSlice = new Int32Array(known).fill(-1);
  const bigramSlice = new PairTable(entries.length);
  const bigrams: Array<[number, number, number]> = [];
  let at = 0;
  entries.forEach((parts, i) => {
    const [first, second] = parts as [number, number | undefined];
    if (second === undefined) unigramSlice[first] = starts.length;
    else {
      bigramSlice.add(first, second, starts.length);
      bigrams.push([first, second, starts.length]);
    }
    starts.push(at);
    at += model.runs[i] as number;
    ends.push(at);
  });
  // A word as the text spells it → its stem's id, or the stem itself when the model never saw it. Folding,
  // stemming and two lookups per token were most of tagging's cost; legal text repeats a small vocabulary,
  // so one lookup of the word as written, where it stands in the text (word-table.ts), replaces them.
  // Bounded like tokens.ts' stem cache, against junk.
  // Made at first use: where the native addon sums, JavaScript sums only the rare texts it leaves.
  let wordEntries: WordTable<number | string> | null = null;
  const wordEntry = (text: string, start: number, end: number): number | string => {
    if (end - start > MAX_REMEMBERED_WORD) {
      const stem = clauseStem(text.slice(start, end));
      return stemIds.get(stem) ?? stem;
    }
    wordEntries ??= new WordTable<number | string>(wordLimit);
    let entry = wordEntries.get(text, start, end);
    if (entry === undefined) {
      const word = text.slice(start, end);
      const stem = clauseStem(word);
      entry = stemIds.get(stem) ?? stem;
      wordEntries.set(detached(word), entry);
    }
    return entry;
  };
  // Which known stems this call has counted: stamped with the call's number, so nothing is cleared between calls.
  const stamp = new Uint32Array(known);
  let call = 0;
  // The bigrams one call has counted (emptied at each call; it only grows with the longest text).
  const bigramsSeen = new PairTable();

  const addToInJs = (sums: Float64Array, text: string): void => {
    call += 1;
    if (call === 0xffffffff) {
      stamp.fill(0);
      call = 1;
    }
    // Stems the model never saw get ids of their own, past the known ones, only to count features.
    const unknown = new Map<string, number>();
    const ids: number[] = [];
    scanWordSpans(text, (start, end) => {
      const entry = wordEntry(text, start, end);
      if (typeof entry === 'number') {
        ids.push(entry);
        return;
      }
      let id = unknown.get(entry);
      if (id === undefined) {
        id = known + unknown.size;
        unknown.set(entry, id);
      }
      ids.push(id);
    });
    bigramsSeen.clear();
    let distinct = unknown.size; // each unknown stem is one distinct unigram
    const hits: number[] = [];
    // In clauseFeatures' order (each stem, then its bigram with the next) so the floating-point sum is the same.
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (id < known && stamp[id] !== call) {
        stamp[id] = call;
        distinct += 1;
        const slice = unigramSlice[id] as number;
        if (slice >= 0) hits.push(slice);
      }
      if (i + 1 === ids.length) break;
      const next = ids[i + 1] as number;
      if (!bigramsSeen.add(id, next)) continue;
      distinct += 1;
      if (id < known && next < known) {
        const slice = bigramSlice.get(id, next);
        if (slice >= 0) hits.push(slice);
      }
    }
    const scale = 1 / Math.sqrt(Math.max(1, distinct));
    for (const slice of hits) {
      for (let i = starts[slice] as number, end = ends[slice] as number; i < end; i++) {
        const c = categoryOf[i] as number;
        sums[c] = (sums[c] as number) + (weightOf[i] as number) * scale;
      }
    }
  };

  const addon = useNative ? clauseSumAddon() : null;
  if (addon === null) return { native: false, addTo: addToInJs };
  // The same tables in the addon (clause-sum.c): tagging about twice as fast (bench:tagging). It
  // knows a word as written once it is told its stem's id: the model's, or one past the known ones
  // for a stem the model never saw (numbered here, forgotten with the words, so ids stay under
  // known + wordLimit).
  const native = addon.create(
    known,
    wordLimit,
    unigramSlice,
    Int32Array.from(bigrams, (b) => b[0]),
    Int32Array.from(bigrams, (b) => b[1]),
    Int32Array.from(bigrams, (b) => b[2]),
    Int32Array.from(starts),
    Int32Array.from(ends),
    categoryOf,
    weightOf,
    model.categories.length,
    bmpWordClasses(),
  );
  const unknownStems = new Map<string, number>();
  let words = 0;
  /** Tells the addon the stems of the words it did not know; false when they are too many for its table. */
  const register = (unknownWords: string[]): boolean => {
    if (unknownWords.length > wordLimit) return false;
    if (words + unknownWords.length > wordLimit) {
      addon.clearWords(native);
      unknownStems.clear();
      words = 0;
    }
    for (const word of unknownWords) {
      const stem = clauseStem(word);
      let id = stemIds.get(stem) ?? unknownStems.get(stem);
      if (id === undefined) {
        id = known + unknownStems.size;
        unknownStems.set(stem, id);
      }
      if (addon.addWord(native, word, id)) words += 1;
    }
    return true;
  };
  return {
    native: true,
    /** Adds the text's weighted features to `sums`, one entry per category. */
    addTo(sums: Float64Array, text: string): void {
      // Three tries: a full table is emptied before the unknown words go in, and then the words the
      // text shared with it are unknown too.
      for (let attempt = 0; attempt < 3; attempt++) {
        const unknownWords = addon.addTo(native, text, sums);
        if (unknownWords === undefined) return;
        if (unknownWords === false || !register(unknownWords)) break;
      }
      addToInJs(sums, text);
    },
  };
}

const WORD_ENTRIES_MAX = 50_000;
/**
 * Longer words are stemmed each time, not remembered (clause-sum.c leaves them to JavaScript): the
 * count bound alone let 50,000 questions of one 8,000-character word hold 800 MB. No word of the
 * model is this long.
 */
const MAX_REMEMBERED_WORD = 64;

/**
 * A copy of a word that holds nothing else: a regular-expression match may be a view into the text it
 * came from (a V8 sliced string), and as a cache key it would keep that file's text alive for the
 * life of the process.
 */
function detached(word: string): string {
  return Buffer.from(word, 'utf8').toString('utf8');
}

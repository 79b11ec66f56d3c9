import { tokenize, tokenizeLegal, type Token } from './tokens.js';
import { isStopword, isLegalOperator } from './stopwords.js';
import { findDates, type DateMention } from './dates.js';
import { findDefinedTerms } from './defined-terms.js';
import { lookupThesaurus, type ThesaurusHit } from './legal-thesaurus.js';
import { lexicalExpansions } from './lexical-expansions.js';

export type TermKind = 'word' | 'defined' | 'number' | 'money' | 'percent' | 'section' | 'date' | 'operator';

/** One search term. `fts` is what to search for in an FTS5 porter unicode61 index (space = phrase). */
export interface QueryTerm {
  text: string;
  norm: string;
  stem: string;
  fts: string;
  weight: number;
  kind: TermKind;
  source: 'question' | 'expansion';
}

/** A multi-word phrase to match as consecutive words. */
export interface QueryPhrase {
  text: string;
  norms: string[];
  stems: string[];
  weight: number;
  source: 'quoted' | 'defined' | 'expansion';
}

/** A number, amount, percentage or section number in the question. */
export interface QueryNumber {
  text: string;
  norm: string;
  kind: 'number' | 'money' | 'percent' | 'section';
  /** Numeric value where it has one ("$2,500" → 2500, "thirty" → 30); null for section numbers. */
  value: number | null;
}

export interface QueryAnalysis {
  question: string;
  /** Content terms, question terms first, one per `fts` string, highest weight kept. */
  terms: QueryTerm[];
  phrases: QueryPhrase[];
  /** Capitalized defined terms as written ("Change of Control"). */
  definedTerms: string[];
  numbers: QueryNumber[];
  dates: DateMention[];
  /** Thesaurus entries the question triggered. */
  expansions: ThesaurusHit[];
  /** True when the question is negative ("not", "no", "never", "without", "can't"). */
  negated: boolean;
  /**
   * How specific each single-word stem is in the searched corpus (inverse document frequency),
   * filled in by a caller that has an index; a word no document holds is the most specific.
   */
  specificity?: ReadonlyMap<string, number>;
}

// Weights: defined terms, quoted words and numbers are the most specific things a question can
// hold; expansions are guesses about wording, so they count for half a question word.
export const WEIGHTS = {
  word: 1,
  longWord: 1.25,
  commonWord: 0.6,
  defined: 1.5,
  definedPhrase: 2,
  quotedWord: 2,
  quotedPhrase: 3,
  number: 1.5,
  section: 2.5,
  date: 2,
  operator: 0.2,
  expansion: 0.5,
  expansionPhrase: 0.6,
} as const;

/** Words in nearly every statute or contract: kept, but weighted down. */
const COMMON_WORDS = new Set([
  'provide', 'provided', 'person', 'time', 'day', 'days', 'year', 'years', 'month', 'months', 'act',
  'state', 'court', 'district', 'agreement', 'contract', 'party', 'parties', 'order', 'use', 'used',
  'file', 'filed', 'pay', 'paid', 'make', 'made', 'take', 'give', 'given', 'first', 'new', 'other',
]);

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90, hundred: 100, thousand: 1000, million: 1_000_000,
};

const NEGATIONS = new Set(['not', 'no', 'never', 'nor', 'neither', 'none', 'without']);

function ftsOf(text: string): string {
  return tokenize(text)
    .map((t) => t.norm)
    .join(' ');
}

function within(t: { start: number; end: number }, ranges: { start: number; end: number }[]): boolean {
  return ranges.some((r) => t.start >= r.start && t.end <= r.end);
}

/**
 * Analyses a legal question: content terms with weights, quoted phrases, defined terms, numbers,
 * money, percentages, section numbers, ISO dates, and thesaurus expansions (marked, lower weight).
 */
export interface AnalyzeOptions {
  /**
   * Where expansions come from: 'curated', the hand-made list of legal-thesaurus-entries.ts (the
   * workspace's contract questions); 'wordnet', the general lexical resource of src/text/wordnet.ts
   * (statute research); 'none'.
   */
  expansions?: 'curated' | 'wordnet' | 'none';
  /**
   * What the question is asked of: 'documents' (the default), a workspace's files, where a place
   * name is content ("governed by Virginia law"); 'statutes', one jurisdiction's code, where the
   * loaded codes' place names are filler (stopwords.ts).
   */
  scope?: 'statutes' | 'documents';
}

export function analyzeQuestion(question: string, options: AnalyzeOptions = {}): QueryAnalysis {
  const scope = options.scope ?? 'documents';
  const words = tokenize(question);
  const legal = tokenizeLegal(question);
  const dates = findDates(question);
  const defined = findDefinedTerms(question);
  const quoted = [...question.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => ({
    text: m[1] ?? m[2] ?? '',
    start: (m.index ?? 0) + 1,
    end: (m.index ?? 0) + m[0].length - 1,
  }));

  const terms = new TermSet();
  const phrases: QueryPhrase[] = [];
  const numbers: QueryNumber[] = [];

  for (const d of dates) {
    terms.add({ text: d.text, norm: d.iso, stem: d.iso, fts: ftsOf(d.text), weight: WEIGHTS.date, kind: 'date', source: 'question' });
  }
  // Numbers written with punctuation ("$2,500", "18%", "2-1402.11") are one term each, searched
  // as the phrase of their parts; the word tokens inside them are then skipped.
  const numeric: Token[] = legal.filter(
    (t) => !within(t, dates) && (t.kind === 'money' || t.kind === 'percent' || t.kind === 'section' || t.kind === 'number'),
  );
  for (const t of numeric) {
    const kind = t.kind === 'money' || t.kind === 'percent' || t.kind === 'section' ? t.kind : 'number';
    const value = kind === 'section' ? null : Number(t.norm.replace(/[$%]/g, ''));
    numbers.push({ text: t.text, norm: t.norm, kind, value: Number.isFinite(value) ? value : null });
    const weight = kind === 'section' ? WEIGHTS.section : WEIGHTS.number;
    terms.add({ text: t.text, norm: t.norm, stem: t.norm, fts: ftsOf(t.text), weight, kind, source: 'question' });
  }
  const skip = [...dates, ...numeric];

  const definedWords = new Set(defined.flatMap((d) => tokenize(d.text).map((t) => t.stem)));
  const quotedWords = new Set(quoted.flatMap((q) => tokenize(q.text).map((t) => t.stem)));
  for (const t of words) {
    if (within(t, skip)) continue;
    if (isLegalOperator(t.norm)) {
      terms.add({ text: t.text, norm: t.norm, stem: t.stem, fts: t.norm, weight: WEIGHTS.operator, kind: 'operator', source: 'question' });
      continue;
    }
    if (isStopword(t.norm, scope)) continue;
    const numberWord = NUMBER_WORDS[t.norm];
    if (numberWord !== undefined) numbers.push({ text: t.text, norm: t.norm, kind: 'number', value: numberWord });
    let weight: number = COMMON_WORDS.has(t.norm) ? WEIGHTS.commonWord : t.norm.length >= 9 ? WEIGHTS.longWord : WEIGHTS.word;
    let kind: TermKind = numberWord !== undefined ? 'number' : 'word';
    if (quotedWords.has(t.stem)) weight = Math.max(weight, WEIGHTS.quotedWord);
    if (definedWords.has(t.stem)) {
      weight = Math.max(weight, WEIGHTS.defined);
      kind = 'defined';
    }
    terms.add({ text: t.text, norm: t.norm, stem: t.stem, fts: t.norm, weight, kind, source: 'question' });
  }
  // "can't", "doesn't": FTS5 splits off the "t"; the negation must survive as "not".
  if (/n['’]t\b|\bcannot\b/i.test(question)) {
    terms.add({ text: 'not', norm: 'not', stem: 'not', fts: 'not', weight: WEIGHTS.operator, kind: 'operator', source: 'question' });
  }

  for (const q of quoted) addPhrase(phrases, q.text, WEIGHTS.quotedPhrase, 'quoted');
  for (const d of defined) addPhrase(phrases, d.text, WEIGHTS.definedPhrase, 'defined');

  const source = options.expansions ?? 'curated';
  const expansions = source === 'curated' ? lookupThesaurus(question, words) : source === 'wordnet' ? lexicalExpansions(question, words) : [];
  for (const hit of expansions) {
    for (const e of hit.expansions) {
      const toks = tokenize(e);
      if (toks.length > 1) addPhrase(phrases, e, WEIGHTS.expansionPhrase, 'expansion');
      const only = toks[0];
      if (toks.length !== 1 || only === undefined || isStopword(only.norm, scope) || isLegalOperator(only.norm)) continue;
      terms.add({ text: e, norm: only.norm, stem: only.stem, fts: only.norm, weight: WEIGHTS.expansion, kind: 'word', source: 'expansion' });
    }
  }

  const all = terms.list();
  return {
    question,
    terms: all,
    phrases,
    definedTerms: defined.map((d) => d.text),
    numbers,
    dates,
    expansions,
    negated: all.some((t) => t.kind === 'operator' && NEGATIONS.has(t.norm)),
  };
}

function addPhrase(phrases: QueryPhrase[], text: string, weight: number, source: QueryPhrase['source']): void {
  const toks = tokenize(text);
  if (toks.length < 2) return;
  const norms = toks.map((t) => t.norm);
  const key = norms.join(' ');
  const existing = phrases.find((p) => p.norms.join(' ') === key);
  if (existing) {
    existing.weight = Math.max(existing.weight, weight);
    return;
  }
  phrases.push({ text, norms, stems: toks.map((t) => t.stem), weight, source });
}

/** Terms keyed by stem (so "fired" and "fire" are one term); a question term beats an expansion. */
class TermSet {
  private readonly byKey = new Map<string, QueryTerm>();

  add(term: QueryTerm): void {
    const key = term.kind === 'word' || term.kind === 'defined' || term.kind === 'operator' ? `w:${term.stem}` : `n:${term.fts}`;
    const existing = this.byKey.get(key);
    if (existing === undefined) {
      this.byKey.set(key, term);
    } else if (existing.source === 'expansion' && term.source === 'question') {
      this.byKey.set(key, term);
    } else if (existing.source === term.source && term.weight > existing.weight) {
      this.byKey.set(key, { ...existing, weight: term.weight, kind: term.kind });
    }
  }

  list(): QueryTerm[] {
    return [...this.byKey.values()];
  }
}

export { toFtsQuery, ftsItems, quoteFts, DEFAULT_MAX_ITEMS, type FtsQueryOptions } from './fts-query.js';

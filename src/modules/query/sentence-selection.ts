import { splitSentences } from '../../text/sentences.js';
import { tokenize, tokenizeLegal } from '../../text/tokens.js';
import { findDates } from '../../text/dates.js';
import { scoreSentence } from '../../text/overlap.js';
import type { QueryAnalysis, QueryTerm } from '../../text/query-analysis.js';
import type { RetrievedPassage } from './answer-engine.js';
import { fileNameSignals, type FileSignals } from './ranking/file-signals.js';

/**
 * The abstention threshold. A sentence is evidence only when it covers at least this share of the
 * question's content-term weight (terms the file's name supplies count: "the Accuray agreement"
 * is covered by the file being Accuray's) AND holds in its own words at least one specific term
 * (weight ≥ 1, not a common word like "agreement"). Half: a sentence that speaks to half of what
 * was asked is on topic; a sentence sharing one word of a four-word question is a coincidence.
 */
export const MIN_COVERAGE = 0.5;
/** Further sentences must score at least this share of the best one, so weak ones do not pad the answer. */
export const RELATIVE_SCORE = 0.6;
/** Passages read per question: retrieval is best first, and sentences deep in the list rarely win. */
export const MAX_PASSAGES = 12;
/**
 * Further sentences may cover at most this much less of the question than the best one: when the
 * best covers all of "the notice period of the Strategic Alliance Agreement", a sentence of another
 * agreement that covers only "notice period" is not part of the answer.
 */
export const COVERAGE_SLACK = 0.25;
/** Sentences sharing this share of their words are the same clause (a definition repeated, a duplicated page). */
const DUPLICATE_JACCARD = 0.7;
/** Weight a term needs to count as specific. */
const SPECIFIC_WEIGHT = 1;

/** Words that only frame a question about documents ("which agreements ..."), not its topic. */
const FRAMING_WORDS = new Set(['document', 'documents', 'agreement', 'agreements', 'contract', 'contracts', 'file', 'files', 'contain', 'contains', 'mention', 'mentions', 'include', 'includes', 'any']);

/** One sentence of a retrieved passage, scored against the question. */
export interface Evidence {
  fileId: number;
  fileName: string;
  text: string;
  /** Share of the question's content weight covered, in [0, 1]. */
  coverage: number;
  /** True when at least one specific question term is in the sentence's own words. */
  specific: boolean;
  score: number;
  passageRank: number;
  offset: number;
}

/** The question's content terms: its own words, numbers and dates, not operators or expansions. */
export function contentTerms(analysis: QueryAnalysis, framing = false): QueryTerm[] {
  return analysis.terms.filter((t) => t.source === 'question' && t.kind !== 'operator' && !(framing && FRAMING_WORDS.has(t.norm)));
}

/** What one sentence holds, prepared once for term checks. */
interface SentenceView {
  stems: Set<string>;
  stemList: string[];
  legalNorms: Set<string>;
  dates: string[];
}

function view(text: string): SentenceView {
  const tokens = tokenize(text);
  return {
    stems: new Set(tokens.map((t) => t.stem)),
    stemList: tokens.map((t) => t.stem),
    legalNorms: new Set(tokenizeLegal(text).map((t) => t.norm)),
    dates: findDates(text).map((d) => d.iso),
  };
}

function holdsTerm(term: QueryTerm, v: SentenceView): boolean {
  switch (term.kind) {
    case 'date':
      return v.dates.some((d) => d.startsWith(term.norm) || term.norm.startsWith(d));
    case 'number':
    case 'money':
    case 'percent':
    case 'section':
      return v.legalNorms.has(term.norm) || v.stems.has(term.stem);
    default:
      return v.stems.has(term.stem);
  }
}

function holdsPhrase(stems: string[], v: SentenceView): boolean {
  const first = stems[0];
  if (first === undefined) return false;
  for (let i = v.stemList.indexOf(first); i >= 0; i = v.stemList.indexOf(first, i + 1)) {
    if (stems.every((s, k) => v.stemList[i + k] === s)) return true;
  }
  return false;
}

/** Stems of question words a thesaurus expansion found in the sentence stands for ("fire" ← "terminate"). */
function expandedStems(analysis: QueryAnalysis, v: SentenceView): Set<string> {
  const out = new Set<string>();
  for (const hit of analysis.expansions) {
    const found = hit.expansions.some((e) => holdsPhrase(tokenize(e).map((t) => t.stem), v));
    if (found) for (const t of tokenize(hit.trigger)) out.add(t.stem);
  }
  return out;
}

/** True for a question term that names the file: a party word, part of a run-together name, a type word. */
export function fileNames(signals: FileSignals): (term: QueryTerm) => boolean {
  const stems = new Set(signals.typeStems);
  for (const p of signals.parties) for (const w of p.words) for (const t of tokenize(w)) stems.add(t.stem);
  return (term) =>
    stems.has(term.stem) ||
    // "Adams" and "Golf" both name ADAMSGOLF; short words ("co") would name everything.
    (term.norm.length >= 4 && signals.parties.some((p) => p.compact.includes(term.norm))) ||
    (term.kind === 'date' && signals.dates.some((d) => d.startsWith(term.norm))) ||
    (term.kind === 'number' && /^(?:19|20)\d{2}$/.test(term.norm) && signals.dates.some((d) => d.startsWith(term.norm)));
}

/**
 * Coverage of the question by a sentence: the weight share of content terms it holds (directly,
 * through a thesaurus expansion, or through its file's name), and whether it holds a specific one itself.
 */
export function coverageOf(
  text: string,
  analysis: QueryAnalysis,
  terms: QueryTerm[],
  namedByFile: (term: QueryTerm) => boolean = () => false,
): { coverage: number; specific: boolean } {
  const total = terms.reduce((sum, t) => sum + t.weight, 0);
  if (total === 0) return { coverage: 0, specific: false };
  const v = view(text);
  const expanded = expandedStems(analysis, v);
  let covered = 0;
  let specific = false;
  for (const term of terms) {
    const own = holdsTerm(term, v) || expanded.has(term.stem);
    if (own && term.weight >= SPECIFIC_WEIGHT) specific = true;
    if (own || namedByFile(term)) covered += term.weight;
  }
  return { coverage: covered / total, specific };
}

/** A sentence not worth quoting: a heading, a table-of-contents line, a signature block fragment. */
function isJunk(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  if (words.length < 5) return true;
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '');
  if (letters.length > 0 && upper.length / letters.length > 0.8 && words.length < 12) return true;
  const digits = text.replace(/[^\d]/g, '').length;
  return digits > text.length * 0.25;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / Math.max(1, a.size + b.size - shared);
}

/** A short line before a sentence that titles it ("A. Termination Without Cause."): it says what the sentence is about. */
function isHeading(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  return words.length > 0 && words.length <= 8 && text.length <= 80;
}

/**
 * The analysis without what names files: when the question says "the Adams Golf agreement", the
 * words "Adams Golf" pick the file, and must not make every sentence mentioning Adams Golf win.
 */
function topicOnly(analysis: QueryAnalysis, naming: (term: QueryTerm) => boolean): QueryAnalysis {
  const dropped = new Set(analysis.terms.filter(naming).map((t) => t.stem));
  if (dropped.size === 0) return analysis;
  return {
    ...analysis,
    terms: analysis.terms.filter((t) => !dropped.has(t.stem)),
    phrases: analysis.phrases.filter((p) => !p.stems.every((st) => dropped.has(st))),
    definedTerms: analysis.definedTerms.filter((d) => !tokenize(d).every((t) => dropped.has(t.stem))),
  };
}

/** Bonus per question operator ("without", "before", "except") the sentence or its heading holds: they decide meaning. */
const OPERATOR_BONUS = 0.5;
const WEAK_OPERATORS = new Set(['shall', 'may', 'not', 'no', 'more', 'less', 'most', 'least', 'only']);

/**
 * Every candidate sentence of the top passages, scored: the lexical score of the sentence (idf
 * over the candidates, so words in every passage count less; words naming a file left out), times
 * its coverage, plus operator matches and a small prior for the passage's retrieval rank. A short
 * heading just before a sentence counts with it. Best first.
 */
export function scoreEvidence(analysis: QueryAnalysis, passages: RetrievedPassage[], framing = false): Evidence[] {
  const terms = contentTerms(analysis, framing);
  const top = passages.slice(0, MAX_PASSAGES);
  const namers = new Map<string, (term: QueryTerm) => boolean>();
  const namerOf = (fileName: string) => {
    let namer = namers.get(fileName);
    if (!namer) {
      namer = fileNames(fileNameSignals(fileName));
      namers.set(fileName, namer);
    }
    return namer;
  };
  const namesAnyFile = (term: QueryTerm) => top.some((p) => namerOf(p.fileName)(term));
  const topic = topicOnly(analysis, (t) => t.source === 'question' && namesAnyFile(t));
  const operators = analysis.terms.filter((t) => t.kind === 'operator' && !WEAK_OPERATORS.has(t.norm)).map((t) => t.stem);

  const raw: Array<{ p: RetrievedPassage; rank: number; text: string; context: string; offset: number; stems: Set<string> }> = [];
  for (const [rank, p] of top.entries()) {
    let heading = '';
    for (const s of splitSentences(p.text)) {
      if (isJunk(s.text)) {
        heading = isHeading(s.text) ? s.text : '';
        continue;
      }
      const context = heading ? `${heading} ${s.text}` : s.text;
      heading = '';
      raw.push({ p, rank, text: s.text, context, offset: s.start, stems: new Set(tokenize(context).map((t) => t.stem)) });
    }
  }
  const df = new Map<string, number>();
  for (const r of raw) for (const s of r.stems) df.set(s, (df.get(s) ?? 0) + 1);
  const idf = (stem: string) => 1 + Math.log((raw.length + 1) / ((df.get(stem) ?? 0) + 1));

  const out: Evidence[] = [];
  for (const r of raw) {
    const { coverage, specific } = coverageOf(r.context, analysis, terms, namerOf(r.p.fileName));
    const lexical = scoreSentence(r.context, topic, idf);
    const operatorHits = operators.filter((o) => r.stems.has(o)).length;
    const prior = 0.25 * (1 - r.rank / Math.max(1, top.length));
    out.push({
      fileId: r.p.fileId,
      fileName: r.p.fileName,
      text: r.text,
      coverage,
      specific,
      score: (lexical + OPERATOR_BONUS * operatorHits) * (0.5 + coverage) + prior,
      passageRank: r.rank,
      offset: r.offset,
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** True when a sentence is strong enough evidence to be quoted as an answer. */
export function isEvidence(e: Evidence): boolean {
  return e.specific && e.coverage >= MIN_COVERAGE;
}

/**
 * The sentences that answer the question: the best one if it passes the abstention threshold,
 * then up to `max - 1` more that pass it too, score near the best, and repeat nothing already chosen.
 */
export function selectEvidence(scored: Evidence[], max = 4): Evidence[] {
  const best = scored[0];
  if (best === undefined || !isEvidence(best)) return [];
  const chosen: Evidence[] = [best];
  const seen = [new Set(tokenize(best.text).map((t) => t.stem))];
  for (const e of scored.slice(1)) {
    if (chosen.length >= max) break;
    if (!isEvidence(e) || e.score < RELATIVE_SCORE * best.score || e.coverage < best.coverage - COVERAGE_SLACK) continue;
    const stems = new Set(tokenize(e.text).map((t) => t.stem));
    if (seen.some((s) => jaccard(s, stems) >= DUPLICATE_JACCARD)) continue;
    chosen.push(e);
    seen.push(stems);
  }
  return chosen;
}

// How much of a question's own content a stretch of statute text covers: the share of the question's
// term weight whose words (or, through the thesaurus, their statute wording) the text holds. This is
// the evidence measure confidence is read from, so it counts only the question's own terms.
import { WEIGHTS, type QueryAnalysis } from '../../../text/query-analysis.js';
import { tokenize, tokenizeLegal } from '../../../text/tokens.js';
import { numberWordsValue, numberWordValue } from '../verdict/number-words.js';

interface CoverageTerm {
  text: string;
  weight: number;
  /** Stems that must all be present for the term itself. */
  stems: string[];
  /** Numeric value, for numbers written either way ("thirty" / "30"). */
  value: number | null;
  /** Statute wordings the thesaurus gives for the term, each as stems that must all be present. */
  alternatives: string[][];
  /** How specific the term is in the corpus (its stems' highest inverse document frequency), 1 when unknown. */
  specificity: number;
}

/** The question's terms, ready to be checked against many texts. */
export interface CoverageQuery {
  terms: CoverageTerm[];
  total: number;
  /** True when the analysis carried the corpus's specificity of its words. */
  weighted: boolean;
}

/**
 * A term found only through the thesaurus ("misdemeanor" as "class") is a guess about wording: it counts
 * for the share query analysis gives expansions against question words.
 */
export const ALTERNATIVE_CREDIT = WEIGHTS.expansion / WEIGHTS.word;

/** The least weight a term keeps: a word in most sections still says what the question is about. */
export const MIN_SPECIFICITY = 0.5;

/** What a text holds, for coverage checks. */
interface TextFeatures {
  stems: Set<string>;
  values: Set<number>;
}

export interface Coverage {
  /** 0..1: covered weight over the question's total term weight (0 when the question has none). */
  share: number;
  covered: string[];
  missing: string[];
  /** The most specific question term the text lacks (not even through a synonym), or null. */
  mostSpecificMissing: { text: string; specificity: number } | null;
  /** True when the question's most specific term is in the text itself (not only through a synonym). */
  mostSpecificDirect: boolean;
  /** True when the question's most specific term is in the text, itself or through a synonym. */
  mostSpecificCovered: boolean;
  /** True when the terms were weighted by corpus specificity (the analysis came from an index). */
  weighted: boolean;
}

/**
 * Prepares a question's coverage terms. `sectionNumbers` are the candidates' own numbers: a section the
 * question cites is found by its number, which the section's text never repeats, so it is not content.
 */
export function coverageQuery(analysis: QueryAnalysis, sectionNumbers: string[] = []): CoverageQuery {
  const cited = new Set(sectionNumbers.map((s) => s.toLowerCase()));
  const terms: CoverageTerm[] = [];
  for (const t of analysis.terms) {
    if (t.source !== 'question' || t.kind === 'operator') continue;
    if (t.kind === 'section' && cited.has(t.norm)) continue;
    const number = analysis.numbers.find((n) => n.text === t.text);
    const stems = t.kind === 'word' || t.kind === 'defined' ? [t.stem] : tokenize(t.text).map((x) => x.stem);
    const alternatives = analysis.expansions
      .filter((hit) => tokenize(hit.trigger).some((x) => x.stem === t.stem))
      .flatMap((hit) => hit.expansions.map((e) => tokenize(e).map((x) => x.stem)))
      .filter((alt) => alt.length > 0);
    const idf = analysis.specificity;
    const specificity = idf === undefined ? 1 : Math.max(MIN_SPECIFICITY, ...stems.map((s) => idf.get(s) ?? MIN_SPECIFICITY));
    // With the corpus's document frequencies, a rare word ("arson") weighs more than a common one ("law").
    const weight = t.weight * (idf === undefined ? 1 : specificity);
    terms.push({ text: t.text, weight, stems, value: number?.kind === 'section' ? null : (number?.value ?? null), alternatives, specificity });
  }
  return { terms, total: terms.reduce((sum, t) => sum + t.weight, 0), weighted: analysis.specificity !== undefined };
}

/**
 * Which of the question's terms `texts` cover: coverageOf over their features. Their numbers are
 * read only when the question has one to find: reading them is a second tokenization of each text,
 * a third of a statute answer's time in a process that had not read those sections before.
 */
export function coverageOfTexts(query: CoverageQuery, ...texts: string[]): Coverage {
  return coverageOf(query, featuresOf(texts, query.terms.some((t) => t.value !== null)));
}

/** The stems of the texts, and their numeric values when `withValues`. */
function featuresOf(texts: string[], withValues: boolean): TextFeatures {
  const stems = new Set<string>();
  const values = new Set<number>();
  for (const text of texts) {
    for (const t of tokenize(text)) stems.add(t.stem);
    if (!withValues) continue;
    for (const t of tokenizeLegal(text)) {
      // A word token's norm is one lower-case word; a compound's may be "twenty-five".
      const n = t.kind === 'word' ? numberWordValue(t.norm) : t.kind === 'compound' ? numberWordsValue(t.norm) : Number(t.norm.replace(/[$%]/g, ''));
      if (n !== null && Number.isFinite(n) && t.kind !== 'section') values.add(n);
    }
  }
  return { stems, values };
}

/** Which of the question's terms `features` covers, and the covered share of their weight. */
function coverageOf(query: CoverageQuery, features: TextFeatures): Coverage {
  const covered: string[] = [];
  const missing: string[] = [];
  let weight = 0;
  let mostSpecificMissing: Coverage['mostSpecificMissing'] = null;
  let top: { specificity: number; direct: boolean; covered: boolean } | null = null;
  for (const term of query.terms) {
    const all = (stems: string[]) => stems.length > 0 && stems.every((s) => features.stems.has(s));
    const direct = (term.value !== null && features.values.has(term.value)) || all(term.stems);
    const credit = direct ? 1 : term.alternatives.some(all) ? ALTERNATIVE_CREDIT : 0;
    if (top === null || term.specificity > top.specificity) top = { specificity: term.specificity, direct, covered: credit > 0 };
    if (credit > 0) {
      weight += term.weight * credit;
      covered.push(term.text);
    } else {
      missing.push(term.text);
      if (mostSpecificMissing === null || term.specificity > mostSpecificMissing.specificity) mostSpecificMissing = { text: term.text, specificity: term.specificity };
    }
  }
  return { share: query.total > 0 ? weight / query.total : 0, covered, missing, mostSpecificMissing, mostSpecificDirect: top?.direct ?? false, mostSpecificCovered: top?.covered ?? false, weighted: query.weighted };
}

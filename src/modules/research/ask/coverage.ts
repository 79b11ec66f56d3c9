// How much of a question's own content a stretch of statute text covers: the share of the question's
// term weight whose words (or, through the thesaurus, their statute wording) the text holds. This is
// the evidence measure confidence is read from, so it counts only the question's own terms.
import { WEIGHTS, type QueryAnalysis } from '../../../text/query-analysis.js';
import { tokenize, tokenizeLegal } from '../../../text/tokens.js';
import { numberWordsValue } from '../verdict/number-words.js';

interface CoverageTerm {
  text: string;
  weight: number;
  /** Stems that must all be present for the term itself. */
  stems: string[];
  /** Numeric value, for numbers written either way ("thirty" / "30"). */
  value: number | null;
  /** Statute wordings the thesaurus gives for the term, each as stems that must all be present. */
  alternatives: string[][];
}

/** The question's terms, ready to be checked against many texts. */
export interface CoverageQuery {
  terms: CoverageTerm[];
  total: number;
}

/**
 * A term found only through the thesaurus ("misdemeanor" as "class") is a guess about wording: it counts
 * for the share query analysis gives expansions against question words.
 */
export const ALTERNATIVE_CREDIT = WEIGHTS.expansion / WEIGHTS.word;

/** What a text holds, for coverage checks. */
export interface TextFeatures {
  stems: Set<string>;
  values: Set<number>;
}

export interface Coverage {
  /** 0..1: covered weight over the question's total term weight (0 when the question has none). */
  share: number;
  covered: string[];
  missing: string[];
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
    terms.push({ text: t.text, weight: t.weight, stems, value: number?.kind === 'section' ? null : (number?.value ?? null), alternatives });
  }
  return { terms, total: terms.reduce((sum, t) => sum + t.weight, 0) };
}

/** The stems and numeric values of a text. */
export function textFeatures(...texts: string[]): TextFeatures {
  const stems = new Set<string>();
  const values = new Set<number>();
  for (const text of texts) {
    for (const t of tokenize(text)) stems.add(t.stem);
    for (const t of tokenizeLegal(text)) {
      const n = t.kind === 'word' || t.kind === 'compound' ? numberWordsValue(t.norm) : Number(t.norm.replace(/[$%]/g, ''));
      if (n !== null && Number.isFinite(n) && t.kind !== 'section') values.add(n);
    }
  }
  return { stems, values };
}

/** Which of the question's terms `features` covers, and the covered share of their weight. */
export function coverageOf(query: CoverageQuery, features: TextFeatures): Coverage {
  const covered: string[] = [];
  const missing: string[] = [];
  let weight = 0;
  for (const term of query.terms) {
    const all = (stems: string[]) => stems.length > 0 && stems.every((s) => features.stems.has(s));
    const direct = (term.value !== null && features.values.has(term.value)) || all(term.stems);
    const credit = direct ? 1 : term.alternatives.some(all) ? ALTERNATIVE_CREDIT : 0;
    if (credit > 0) {
      weight += term.weight * credit;
      covered.push(term.text);
    } else {
      missing.push(term.text);
    }
  }
  return { share: query.total > 0 ? weight / query.total : 0, covered, missing };
}

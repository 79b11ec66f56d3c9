// The guard between a model's reply and a legal user. A model may word the answer; it may not widen
// the evidence: every quote must be the statute's own words in a section that was retrieved, the
// prose may name no other section, and confidence never rises above what the built-in composer found.
// Pure: no I/O.
import { parseCitation } from '../../statutes/citations/citations.js';
import type { CandidateSection, CheckCitation, ComposedAnswer, Confidence, StatuteCitation } from '../ask/ask.types.js';
import type { Verdict } from '../verdict/index.js';
import { unallowedCitations } from './cited-sections.js';
import { parseModelObject, readModelCitations, readText, type ModelCitation } from './model-json.js';
import { findVerbatim } from './quote-match.js';

/** Longer prose is a model running on, not an answer. */
export const MAX_ANSWER_CHARS = 4000;
/** The check explanation names the deciding words; it stays under this. */
export const MAX_EXPLANATION_CHARS = 1000;

/** One section the model cited that survived, with the quote that will be shown. */
export interface GuardedCitation {
  candidate: CandidateSection;
  /** A verbatim substring of `candidate.text`. */
  quote: string;
  /** True when the quote is the model's own (found in the text); false when it is the built-in composer's. */
  verified: boolean;
}

export interface GuardedCitations {
  kept: GuardedCitation[];
  /** How many of the model's citations were dropped or had their quote replaced. */
  repaired: number;
}

/** Why a reply is refused: not the JSON asked for, or nothing safe left in it. */
export type GuardRejection = { ok: false; reason: 'bad-json' | 'guard-rejected'; detail: string };

function reject(reason: GuardRejection['reason'], detail: string): GuardRejection {
  return { ok: false, reason, detail };
}

/** The candidate a model's `code` names: the citation as given, another spelling of it, or its bare section number. */
export function resolveCandidate(code: string, candidates: readonly CandidateSection[]): CandidateSection | undefined {
  const trimmed = code.trim();
  const exact = candidates.find((c) => c.citation === trimmed);
  if (exact !== undefined) return exact;
  const canonical = parseCitation(trimmed)?.canonical;
  if (canonical !== undefined) return candidates.find((c) => c.citation === canonical);
  const bare = trimmed.replace(/^(?:§+|sec(?:tion)?\.?)\s*/i, '').toLowerCase();
  return candidates.find((c) => c.sectionNumber.toLowerCase() === bare);
}

/**
 * The model's citations that survive: each must name one of `candidates`; its quote must be found
 * verbatim in that section (findVerbatim), else the built-in composer's quote for the section is used
 * when `builtInQuotes` has one (by citation), else the citation is dropped. One citation per section,
 * in the model's order, using the first of its quotes for that section that is found.
 */
export function guardCitations(
  cited: readonly ModelCitation[],
  candidates: readonly CandidateSection[],
  builtInQuotes: ReadonlyMap<string, string>,
): GuardedCitations {
  const bySection = new Map<string, { candidate: CandidateSection; quotes: string[] }>();
  let repaired = 0;
  for (const c of cited) {
    const candidate = resolveCandidate(c.code, candidates);
    if (candidate === undefined) {
      repaired++;
      continue;
    }
    const entry = bySection.get(candidate.citation) ?? { candidate, quotes: [] };
    entry.quotes.push(c.quote);
    bySection.set(candidate.citation, entry);
  }
  const kept: GuardedCitation[] = [];
  for (const { candidate, quotes } of bySection.values()) {
    let own: string | null = null;
    for (const q of quotes) {
      own = findVerbatim(candidate.text, q);
      if (own !== null) break;
    }
    if (own !== null) {
      kept.push({ candidate, quote: own, verified: true });
      continue;
    }
    repaired++;
    const fallback = builtInQuotes.get(candidate.citation);
    // The built-in quote is checked too: the guard vouches for every quote it lets through.
    if (fallback !== undefined && fallback !== '' && candidate.text.includes(fallback)) kept.push({ candidate, quote: fallback, verified: false });
  }
  return { kept, repaired };
}

const RANK: Readonly<Record<Confidence, number>> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

function lower(a: Confidence, b: Confidence): Confidence {
  return RANK[a] <= RANK[b] ? a : b;
}

/** The model's confidence word, `undefined` when it gave none, null when it gave something else. */
function readConfidence(reply: Record<string, unknown>): Confidence | undefined | null {
  const raw = reply['confidence'];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') return null;
  const word = raw.trim().toUpperCase();
  return word === 'HIGH' || word === 'MEDIUM' || word === 'LOW' ? word : null;
}

/**
 * The answer's confidence: never above the built-in composer's (a model reads the same evidence, it
 * cannot add to it), the model's when it is lower, and at most MEDIUM when any of its citations had
 * to be repaired, because its prose was written around quotes that did not hold.
 */
export function cappedConfidence(builtIn: Confidence, model: Confidence | undefined, repaired: number): Confidence {
  let out = model === undefined ? builtIn : lower(builtIn, model);
  if (repaired > 0) out = lower(out, 'MEDIUM');
  return out;
}

function statuteCitation(g: GuardedCitation): StatuteCitation {
  const c = g.candidate;
  return { code: c.citation, section_number: c.sectionNumber, section_title: c.heading, quote: g.quote, effective_as_of: c.effectiveFrom, status: c.status };
}

function checkCitation(g: GuardedCitation): CheckCitation {
  const c = g.candidate;
  return { code: c.citation, quote: g.quote, effective_as_of: c.effectiveFrom, status: c.status };
}

/** Citations the prose names that did not survive, as a refusal; null when the prose cites only survivors. */
function proseCitesOthers(label: string, prose: string, kept: GuardedCitation[], candidates: readonly CandidateSection[]): GuardRejection | null {
  const others = unallowedCitations(prose, kept.map((g) => g.candidate), candidates);
  return others.length === 0 ? null : reject('guard-rejected', `${label} cites sections without a verified quote: ${others.join(', ')}`);
}

/**
 * The model's answer to an ask, checked: `content` must be the JSON object
 * `{answer, citations: [{code, quote}], confidence}` (optionally in one ```json fence), at least one
 * citation must survive guardCitations, and the answer may cite no section that did not survive.
 * `candidates` are the sections the model was shown.
 */
export function guardAskReply(
  content: string,
  candidates: readonly CandidateSection[],
  builtIn: ComposedAnswer,
): { ok: true; answer: ComposedAnswer } | GuardRejection {
  const reply = parseModelObject(content);
  if (reply === null) return reject('bad-json', `not a JSON object: ${content.slice(0, 200)}`);
  const answer = readText(reply, 'answer');
  const cited = readModelCitations(reply);
  const confidence = readConfidence(reply);
  if (answer === null || cited === null || confidence === null) return reject('bad-json', 'answer, citations or confidence missing or of the wrong type');
  if (answer.length > MAX_ANSWER_CHARS) return reject('guard-rejected', `answer is ${answer.length} characters`);
  const builtInQuotes = new Map(builtIn.citations.map((c) => [c.code, c.quote]));
  const { kept, repaired } = guardCitations(cited, candidates, builtInQuotes);
  if (kept.length === 0) return reject('guard-rejected', 'no citation survived the quote check');
  const stray = proseCitesOthers('answer', answer, kept, candidates);
  if (stray !== null) return stray;
  return {
    ok: true,
    answer: { answer, citations: kept.map(statuteCitation), confidence: cappedConfidence(builtIn.confidence, confidence, repaired) },
  };
}

/** The result of an assertion check, as POST /v1/check returns it. */
export interface CheckAnswer {
  verdict: Verdict;
  explanation: string;
  citations: CheckCitation[];
}

function readVerdict(reply: Record<string, unknown>): Verdict | null {
  const raw = reply['verdict'];
  if (typeof raw !== 'string') return null;
  const word = raw.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return word === 'SUPPORTED' || word === 'CONTRADICTED' || word === 'NO_MATCH' ? word : null;
}

/**
 * The model's verdict on an assertion, checked: `content` must be the JSON object
 * `{verdict, explanation, citations: [{code, quote}]}`; quotes pass guardCitations; SUPPORTED and
 * CONTRADICTED need at least one quote that is the model's own and verbatim (a verdict resting on
 * words the statute does not contain is refused, even when the built-in quote could stand in); any
 * verdict needs one surviving citation; the explanation is non-empty, under MAX_EXPLANATION_CHARS,
 * and cites no section that did not survive.
 */
export function guardCheckReply(
  content: string,
  candidates: readonly CandidateSection[],
  builtIn: CheckAnswer,
): { ok: true; result: CheckAnswer } | GuardRejection {
  const reply = parseModelObject(content);
  if (reply === null) return reject('bad-json', `not a JSON object: ${content.slice(0, 200)}`);
  const verdict = readVerdict(reply);
  const explanation = readText(reply, 'explanation');
  const cited = readModelCitations(reply);
  if (verdict === null || explanation === null || cited === null) return reject('bad-json', 'verdict, explanation or citations missing or of the wrong type');
  if (explanation.length >= MAX_EXPLANATION_CHARS) return reject('guard-rejected', `explanation is ${explanation.length} characters`);
  const builtInQuotes = new Map(builtIn.citations.map((c) => [c.code, c.quote]));
  const { kept } = guardCitations(cited, candidates, builtInQuotes);
  const verified = kept.filter((g) => g.verified);
  if (verdict !== 'NO_MATCH' && verified.length === 0) return reject('guard-rejected', `${verdict} without a verbatim quote`);
  if (kept.length === 0) return reject('guard-rejected', 'no citation survived the quote check');
  const stray = proseCitesOthers('explanation', explanation, kept, candidates);
  if (stray !== null) return stray;
  // The deciding words first: a verified quote before any the built-in composer had to supply.
  const ordered = [...verified, ...kept.filter((g) => !g.verified)];
  return { ok: true, result: { verdict, explanation, citations: ordered.map(checkCitation) } };
}

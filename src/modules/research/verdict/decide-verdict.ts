// Decides SUPPORTED / CONTRADICTED / NO_MATCH for an assertion against provision texts, by rules:
// find the sentences that speak to the assertion, then compare their quantities, modality,
// duty holder and negation with the assertion's.
import { splitSentences } from '../../../text/sentences.js';
import { evaluateCandidate, readAssertion, type AssertionFacts, type Finding } from './evaluate-candidate.js';
import { asideStems, buildIdf, contentTokens, overlap, type Idf, type Overlap } from './topic.js';
import type { Provision, VerdictDecision } from './verdict.types.js';
import { claimedClass } from './offense-class.js';
import { subjectPhrase } from './subject.js';
import { fullTitles } from './short-titles.js';

/** Below this weighted share of the assertion's content words, no sentence speaks to it. */
export const NO_MATCH_THRESHOLD = 0.5;
/** Sentences this close to the best topic score are all weighed, not just the best one. */
const POOL_MARGIN = 0.15;
/** What a sentence without a comparable figure loses in rank when the assertion turns on one. */
const FIGURELESS_PENALTY = 0.1;
/**
 * What a sentence whose modal does not govern the assertion's action loses in rank when the
 * assertion gives someone a duty or a right ("must furnish a certified copy"): the sentence that
 * says who "shall furnish" it speaks to the claim; one that shares more words about the bond, not.
 */
const ACTIONLESS_PENALTY = 0.1;
/** Findings that say a sentence's modal governs the assertion's action (or that it states its figure). */
const ACTION_KINDS = new Set<Finding['kind']>(['modality-agree', 'modality-conflict', 'party-same', 'party-swapped', 'quantity-match', 'quantity-consistent', 'quantity-conflict']);
const POOL_SIZE = 6;
/** Characters a quote from a list's lead-in through one of its items may run to. */
const MAX_LEAD_IN_QUOTE = 700;

interface Candidate {
  provision: Provision;
  start: number;
  end: number;
  text: string;
  overlap: Overlap;
  /** The sentence introducing the list this one is an item of, with its offsets, if any. */
  leadIn: { text: string; start: number } | null;
}

interface Judged extends Candidate {
  findings: Finding[];
  rank: number;
}

export interface VerdictOptions {
  /** Overrides NO_MATCH_THRESHOLD, for callers whose provisions were already retrieved as relevant. */
  noMatchThreshold?: number;
}

/** The verdict on `assertion` given the provisions retrieved for it. */
export function decideVerdict(assertion: string, provisions: Provision[], options: VerdictOptions = {}): VerdictDecision {
  const threshold = options.noMatchThreshold ?? NO_MATCH_THRESHOLD;
  const assertionTokens = contentTokens(assertion);
  const { candidates, idf } = scoreSentences(assertionTokens.map((t) => t.stem), asideStems(assertion), provisions);
  const best = candidates[0];
  if (best === undefined || best.overlap.score < threshold) {
    return noMatch(assertionTokens, best, idf, threshold);
  }
  const facts = readAssertion(assertion, keyWords(assertionTokens, idf));
  // When the assertion turns on a figure, a sentence that states one outranks a figureless sentence
  // by FIGURELESS_PENALTY more than topic alone would allow; the pool reaches that much further so
  // the sentence that states the period ("within five days of the vacancy") can be weighed at all,
  // not only the one beside it that shares more words but gives no figure.
  const margin = POOL_MARGIN + (claimsFigure(facts) ? FIGURELESS_PENALTY : 0) + (claimsAction(facts) ? ACTIONLESS_PENALTY : 0);
  const pool = candidates.filter((c) => c.overlap.score >= Math.max(threshold, best.overlap.score - margin)).slice(0, POOL_SIZE);
  const judged = pool.map((c) => judge(c, facts));
  judged.sort((x, y) => y.rank - x.rank);
  // What the assertion is about, tagged at most once per check: part-of-speech tagging is wasted on
  // the verdicts that never ask.
  let subject: Subject | undefined;
  const aboutWhat = (): Subject => (subject === undefined ? (subject = subjectPhrase(facts.text)) : subject);
  const chosen = aboutTheSubject(judged, aboutWhat) ?? judged[0] ?? judge(best, facts);
  return explain(exceptionThatApplies(chosen, candidates, facts) ?? chosen, facts, aboutWhat);
}

/** A sentence that makes an exception to the one before it: "However, if ...", "Provided, however, that ...". */
const EXCEPTION_OPENER = /^\s*(?:\([\w.-]+\)\s*)*(?:however|but|provided(?:,?\s+however)?|except\s+that)\b[\s,]*(?:that\s+)?(?:if|when|where|in\s+case)\s+([^,;]+)/i;

/**
 * The sentence right after `chosen` in its provision, judged, when it makes an exception to it and
 * the assertion names what only the exception's condition names: "... removes ... impact weapon ...
 * is guilty of a Class 1 misdemeanor. However, if the weapon removed ... is the officer's firearm or
 * stun weapon ..., he shall be guilty of a Class 6 felony." decides an assertion about the firearm,
 * though the rule shares more of its words. Only when the exception states a figure of the claim or
 * conflicts with it; null otherwise.
 */
function exceptionThatApplies(chosen: Judged, candidates: Candidate[], facts: AssertionFacts): Judged | null {
  let next: Candidate | undefined;
  for (const c of candidates) {
    if (c.provision === chosen.provision && c.start >= chosen.end && (next === undefined || c.start < next.start)) next = c;
  }
  const condition = next === undefined ? undefined : EXCEPTION_OPENER.exec(next.text)?.[1];
  if (next === undefined || condition === undefined) return null;
  const rule = new Set(contentTokens(chosen.text).map((t) => t.stem));
  if (!contentTokens(condition).some((t) => facts.stems.has(t.stem) && !rule.has(t.stem))) return null;
  // Only an exception that says something of the claim: its figure, or a conflict with it.
  const exception = judge(next, facts);
  return exception.findings.some((f) => f.kind.startsWith('quantity') || decidingConflict([f]) !== null) ? exception : null;
}

type Subject = ReturnType<typeof subjectPhrase>;

/**
 * The best-ranked sentence whose provision names the whole of what the assertion is about, when the
 * best-ranked one's does not: "Special energy assessment bonds ... are backed by the full faith and
 * credit of the District" is decided by the section on those bonds ("The bonds shall not ... be a
 * pledge of ... the faith and credit"), not by one on federal benefits "backed by the full faith
 * and credit" that shares more of its words. A one-word subject is left to topic and the head check
 * in explain(). Null when nothing changes.
 */
function aboutTheSubject(judged: Judged[], aboutWhat: () => Subject): Judged | null {
  const top = judged[0];
  if (top === undefined || judged.length < 2) return null;
  const subject = aboutWhat();
  if (subject === null || subject.stems.length < 2) return null;
  const stemsOf = new Map<Provision, Set<string>>();
  const names = (j: Judged) => {
    let stems = stemsOf.get(j.provision);
    if (stems === undefined) stemsOf.set(j.provision, (stems = new Set(contentTokens(j.provision.text).map((t) => t.stem))));
    return subject.stems.every((s) => stems.has(s));
  };
  if (names(top)) return null;
  return judged.find(names) ?? null;
}

function scoreSentences(assertionStems: string[], asides: Set<string>, provisions: Provision[]): { candidates: Candidate[]; idf: Idf } {
  const units: Array<{ provision: Provision; start: number; end: number; text: string; stems: Set<string>; context: Set<string>; leadIn: Candidate['leadIn'] }> = [];
  for (const provision of provisions) {
    let context = new Set<string>();
    let leadIn: Candidate['leadIn'] = null;
    const first = units.length;
    for (const s of splitSentences(provision.text)) {
      const stems = new Set(contentTokens(s.text).map((t) => t.stem));
      units.push({ provision, start: s.start, end: s.end, text: s.text, stems, context, leadIn });
      // A sentence ending in ":" or "—" introduces a list: its words are the context of the items that follow.
      if (/[:—–-]\s*$/.test(s.text)) {
        context = stems;
        leadIn = { text: s.text, start: s.start };
      }
    }
    shareCutSentences(units.slice(first), provision.text);
    carrySuchReferences(units.slice(first));
  }
  const idf = buildIdf(units.map((u) => [...u.stems]));
  const candidates = units
    .map((u) => ({ provision: u.provision, start: u.start, end: u.end, text: u.text, leadIn: u.leadIn, overlap: overlap(assertionStems, u.stems, u.context, idf, { asides }) }))
    .sort((x, y) => y.overlap.score - x.overlap.score);
  return { candidates, idf };
}

/**
 * The splitter cuts a sentence over LONG_SENTENCE_CHARS into its ";" clauses, and a clause then
 * carries only part of what the sentence says: "The Commissioner may share documents ... with other
 * state, federal, and international regulatory agencies;" / "with the National Association of
 * Insurance Commissioners ...;" / "and with ... law enforcement authorities; provided, that the
 * recipient agrees ... to maintain the confidentiality". Each clause of one cut sentence (a ";" then,
 * on the same line, a lower-case word) has the words of the others as its context, as a list item
 * has its lead-in's.
 */
function shareCutSentences(units: Array<{ start: number; end: number; text: string; stems: Set<string>; context: Set<string> }>, text: string): void {
  let group: typeof units = [];
  const close = () => {
    if (group.length > 1) {
      const words = new Set(group.flatMap((u) => [...u.stems]));
      for (const u of group) widenContext(u, words);
    }
  };
  for (const [i, u] of units.entries()) {
    const before = units[i - 1];
    const continues = before !== undefined && /;\s*$/.test(before.text) && !/\n/.test(text.slice(before.end, u.start)) && /^[a-z]/.test(u.text);
    if (!continues) {
      close();
      group = [];
    }
    group.push(u);
  }
  close();
}

/**
 * A sentence that opens by pointing back ("Such waiver may be revoked", "These services may ... be
 * extended"), after its designation if any; "This section" and its kin point at the law itself.
 */
const POINTS_BACK = /^(?:\([\w.-]+\)\s*)*(?:such|these|those|this|that|said)\s+(?!(?:section|subsection|chapter|subchapter|title|subtitle|article|part|paragraph|subparagraph|act|code|division)\b)/i;

/**
 * "Such waiver may be revoked in writing at any time" is about the waiver the sentence before
 * describes ("... may decline to accept all or any part of such annuity by a waiver signed and filed
 * with the District of Columbia Retirement Board"): a sentence that opens with "Such" (or "These",
 * "This", ...) has the words of the one before it as its context, as a list item has its lead-in's.
 */
function carrySuchReferences(units: Array<{ text: string; stems: Set<string>; context: Set<string> }>): void {
  for (const [i, u] of units.entries()) {
    const before = units[i - 1];
    if (before !== undefined && POINTS_BACK.test(u.text)) widenContext(u, before.stems);
  }
}

/** Adds `words` to a unit's context (a new set: units of one list share their lead-in's). */
function widenContext(u: { context: Set<string> }, words: Iterable<string>): void {
  u.context = new Set([...u.context, ...words]);
}

function keyWords(tokens: Array<{ word: string; stem: string }>, idf: Idf): string[] {
  const weights = tokens.map((t) => idf.weight(t.stem)).sort((x, y) => x - y);
  const median = weights[Math.floor(weights.length / 2)] ?? 0;
  return tokens.filter((t) => idf.weight(t.stem) >= median).map((t) => t.word);
}

// Evidence on a figure outranks evidence on modality or parties; topic decides among equals. A
// modality finding (either way) means the sentence's modal governs the assertion's own action, so it
// weighs as much for agreement as for conflict: at 0.02/0.03 a sentence sharing rarer words but
// another action won over the one that says "shall allow" to "need not allow" (one of the 72 tune checks).
const RANK_BONUS: Record<Finding['kind'], number> = {
  'quantity-match': 0.2, 'quantity-conflict': 0.12, 'quantity-consistent': 0.08,
  'party-swapped': 0.04, 'name-conflict': 0.04, 'modality-conflict': 0.06, 'modality-agree': 0.06, 'negation-conflict': 0,
  // The sentence that gives the assertion's action to the assertion's own holder outranks one that
  // states the mirror duty with the roles swapped ("The Archivist shall notify the head of a Federal
  // agency" against "The head of each Federal agency shall notify the Archivist", equally on topic):
  // the swapped sentence is another duty, not a denial of this one.
  'party-same': 0.05,
};

function judge(c: Candidate, facts: AssertionFacts): Judged {
  let findings = evaluateCandidate(facts, c.text, c.leadIn?.text, fullTitles(c.provision.text.slice(0, c.start)));
  let end = c.end;
  if (claimsFigure(facts) && !findings.some((f) => f.kind.startsWith('quantity'))) {
    // "It shall be unlawful to set off a chemical bomb ... Any person convicted of a violation of
    // this section shall be guilty of a Class 2 misdemeanor.": the section's penalty sentence states
    // the figure for the conduct the sentence describes. Its figures are read with the sentence, and
    // the quote runs through it.
    const penalty = penaltySentence(c, facts);
    if (penalty !== null) {
      findings = [...findings, ...penalty.findings];
      end = penalty.end;
    }
  }
  const bonus = findings.reduce((sum, f) => sum + RANK_BONUS[f.kind], 0);
  // When the assertion turns on a figure, a sentence without a comparable figure can only be weak evidence.
  const figureless = claimsFigure(facts) && !findings.some((f) => f.kind.startsWith('quantity'));
  const actionless = claimsAction(facts) && !findings.some((f) => ACTION_KINDS.has(f.kind));
  return { ...c, end, findings, rank: c.overlap.score + bonus - (figureless ? FIGURELESS_PENALTY : 0) - (actionless ? ACTIONLESS_PENALTY : 0) };
}

/** A sentence that punishes what its section forbids: it refers back to the section, or to a violation of it. */
const REFERS_BACK = /\b(?:violat\w*\s+(?:of\s+)?(?:this|such|the\s+provisions?\s+of\s+this)\s+(?:section|subsection|article|chapter)|(?:this|such)\s+(?:section|subsection)\s+(?:is|shall\s+be)\s+guilty)\b/i;

/**
 * The first sentence after `c` in its provision, within MAX_LEAD_IN_QUOTE of it, that refers back to
 * the section's rule and states a figure the assertion's can be compared with: its figure findings.
 */
function penaltySentence(c: Candidate, facts: AssertionFacts): { end: number; findings: Finding[] } | null {
  for (const s of splitSentences(c.provision.text)) {
    if (s.start < c.end) continue;
    if (s.end - c.start > MAX_LEAD_IN_QUOTE) return null;
    if (!REFERS_BACK.test(s.text)) continue;
    const findings = evaluateCandidate(facts, s.text).filter((f) => f.kind.startsWith('quantity'));
    if (findings.length > 0) return { end: s.end, findings };
  }
  return null;
}

function explain(c: Judged, facts: AssertionFacts, aboutWhat: () => Subject): VerdictDecision {
  const id = c.provision.id;
  // A verdict read partly from a list's lead-in quotes from the lead-in through the item, when that
  // stays short enough to read; verbatim either way.
  const fromLeadIn = c.leadIn !== null && c.findings.some((f) => f.inLeadIn === true) && c.end - c.leadIn.start <= MAX_LEAD_IN_QUOTE;
  const base = { provisionId: id, quote: c.provision.text.slice(fromLeadIn && c.leadIn ? c.leadIn.start : c.start, c.end) };
  const topic = c.overlap.score;
  const conflict = decidingConflict(c.findings);
  if (conflict !== null) {
    const confidence = clamp(0.2 + 0.35 * topic + 0.4 * conflict.strength);
    return { ...base, verdict: 'CONTRADICTED', explanation: conflictSentence(conflict, id), confidence, conflict: conflict.kind };
  }
  const support = mostSpecific(c.findings, 'quantity-match') ?? mostSpecific(c.findings, 'quantity-consistent');
  const modal = c.findings.find((f) => f.kind === 'modality-agree');
  let explanation: string;
  if (support !== undefined) {
    explanation = `${id} says "${support.provisionWords}", as the assertion says "${support.assertionWords}".`;
  } else if (modal !== undefined && modal.provisionWords !== '') {
    const as = modal.assertionWords === '' ? '' : `, as the assertion says "${modal.assertionWords}"`;
    explanation = `${id} speaks to ${quoteList(c.overlap.shared, facts.text)} and says "${modal.provisionWords}"${as}.`;
  } else {
    explanation = `${id} speaks to ${quoteList(c.overlap.shared, facts.text)} and states nothing contrary.`;
  }
  const unverifiedFigure = claimsFigure(facts) && support === undefined;
  // SUPPORTED only when the provision states what the assertion claims: its figure (number, period,
  // class of offence) when it has one, else enough of its wording (the bar for a text handed whole).
  if (unverifiedFigure || (support === undefined && topic < NO_MATCH_THRESHOLD)) {
    const figure = claimedFigures(facts)[0]?.text ?? claimedClass(facts.text)?.text;
    const lacks = unverifiedFigure && figure !== undefined ? `does not state "${figure}" or a figure to compare it with` : 'does not state what the assertion claims';
    const explanation = `${id} speaks to ${quoteList(c.overlap.shared, facts.text)} but ${lacks}.`;
    return { verdict: 'NO_MATCH', explanation, provisionId: null, quote: null, confidence: clamp(0.5 + 0.3 * (1 - topic)) };
  }
  // SUPPORTED also needs the provision to be about what the assertion is about: a section that
  // says "backed by the full faith and credit" of federal benefits says nothing of bonds. Read only
  // here: tagging the assertion's parts of speech is wasted on every other verdict.
  const subject = aboutWhat()?.head ?? null;
  const provisionStems = new Set(contentTokens(c.provision.text).map((t) => t.stem));
  if (subject !== null && !provisionStems.has(subject)) {
    const explanation = `${id} speaks to ${quoteList(c.overlap.shared, facts.text)} but not of what the assertion is about (${quoteList([subject], facts.text)}).`;
    return { verdict: 'NO_MATCH', explanation, provisionId: null, quote: null, confidence: clamp(0.5 + 0.3 * (1 - topic)) };
  }
  const confidence = clamp(0.15 + 0.45 * topic + (support?.strength ?? 0) * 0.35 + (modal !== undefined ? 0.05 : 0) - (unverifiedFigure ? 0.15 : 0));
  return { ...base, verdict: 'SUPPORTED', explanation, confidence };
}

/**
 * Of the figures matched, the one the explanation names: the longest as the assertion writes it, so
 * "at least 6 months" is named before a bare "one" ("one spouse" against "one of the parties").
 */
function mostSpecific(findings: Finding[], kind: Finding['kind']): Finding | undefined {
  let best: Finding | undefined;
  for (const f of findings) if (f.kind === kind && (best === undefined || f.assertionWords.length > best.assertionWords.length)) best = f;
  return best;
}

function claimsAction(facts: AssertionFacts): boolean {
  return facts.cue.text !== '' && facts.action !== null;
}

function claimsFigure(facts: AssertionFacts): boolean {
  return claimedFigures(facts).length > 0 || claimedClass(facts.text) !== null;
}

/** The assertion's figures that must be found for SUPPORTED: not its frequencies and ordinals, which only contradict (quantityFindings). */
function claimedFigures(facts: AssertionFacts): AssertionFacts['quantities'] {
  return facts.quantities.filter((q) => q.kind !== 'frequency' && q.kind !== 'ordinal');
}

function decidingConflict(findings: Finding[]): Finding | null {
  const quantityMatched = findings.some((f) => f.kind === 'quantity-match');
  const order: Array<Finding['kind']> = ['quantity-conflict', 'party-swapped', 'name-conflict', 'modality-conflict', 'negation-conflict'];
  for (const kind of order) {
    const f = findings.find((x) => x.kind === kind);
    if (f === undefined) continue;
    // A matched figure with a merely weak modal difference is still support.
    if (quantityMatched && kind !== 'quantity-conflict' && f.strength < 0.7) continue;
    return f;
  }
  return null;
}

function conflictSentence(f: Finding, id: string): string {
  switch (f.kind) {
    case 'party-swapped':
      return `The assertion puts it on the ${f.assertionWords.split(' ').slice(0, -1).join(' ') || f.assertionWords} ("${f.assertionWords}") but ${id} says "${f.provisionWords}".`;
    case 'negation-conflict':
      if (f.assertionWords === '') return `${id} says "${f.provisionWords}", where the assertion states it without a negation.`;
      if (f.provisionWords === '') return `The assertion says "${f.assertionWords}", where ${id} states it without a negation.`;
      return `The assertion says "${f.assertionWords}" where ${id} says "${f.provisionWords}".`;
    case 'modality-conflict':
      if (f.assertionWords === '') return `The assertion states it as plain fact, but ${id} says "${f.provisionWords}".`;
      return `The assertion says "${f.assertionWords}" but ${id} says "${f.provisionWords}".`;
    default:
      if (f.shortTitle !== undefined) return `The assertion says "${f.assertionWords}" but ${id} says "${f.shortTitle}", which it names in full as the "${f.provisionWords}".`;
      return `The assertion says "${f.assertionWords}" but ${id} says "${f.provisionWords}".`;
  }
}

function noMatch(tokens: Array<{ word: string; stem: string }>, best: Candidate | undefined, idf: Idf, threshold: number): VerdictDecision {
  const score = best?.overlap.score ?? 0;
  const missing = best === undefined ? tokens.map((t) => t.stem) : best.overlap.missing;
  const words = missing
    .sort((x, y) => idf.weight(y) - idf.weight(x))
    .slice(0, 4)
    .map((stem) => readableWord(tokens.find((t) => t.stem === stem)?.word ?? stem));
  const explanation = best === undefined
    ? 'No provision text was given to check the assertion against.'
    : words.length === 0
      ? `No provision speaks to the assertion closely enough: the closest sentence (${best.provision.id}) shares too little of its wording.`
      : `No provision speaks to the assertion: the closest sentence (${best.provision.id}) does not mention ${words.map((w) => `"${w}"`).join(', ')}.`;
  return { verdict: 'NO_MATCH', explanation, provisionId: null, quote: null, confidence: clamp(0.5 + 0.45 * (1 - score / threshold)) };
}

function quoteList(stems: string[], assertion: string): string {
  const tokens = contentTokens(assertion);
  const words = stems.slice(0, 4).map((s) => readableWord(tokens.find((t) => t.stem === s)?.word ?? s));
  return words.map((w) => `"${w}"`).join(', ');
}

/** A content token as a reader writes it: "class_1" (topic.ts's folded designation) is "class 1". */
export function readableWord(word: string): string {
  return word.replace(/_/g, ' ');
}

function clamp(x: number): number {
  return Math.round(Math.min(0.99, Math.max(0.05, x)) * 100) / 100;
}

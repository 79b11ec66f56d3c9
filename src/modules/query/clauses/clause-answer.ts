import { splitSentences } from '../../../text/sentences.js';
import type { ClauseClassifier } from '../../../text/clauses/clause-model.js';
import type { QueryAnalysis } from '../../../text/query-analysis.js';
import type { ClauseFocus } from '../answer-engine.js';
import { cleanSentence, fileTitle } from '../answer-composer.js';
import { formatTag } from '../citation-tags.js';
import { scoreEvidence } from '../sentence-selection.js';
import { governingPlace, noticePeriod } from './direct-answer.js';
import { leadWhenPresent } from '../../../text/clauses/question-polarity.js';
import { statesOnlyOpposite } from '../../../text/clauses/opposite-wording.js';
import { trimAround } from './quote-trim.js';

/** A quoted sentence longer than this is trimmed around the part that answers. */
const MAX_QUOTE_CHARS = 600;
/** Fewer words than this is a heading or a stray number, not a sentence of the clause. */
const MIN_SENTENCE_WORDS = 5;
/** Most sentences of one clause quoted. */
const MAX_CLAUSE_SENTENCES = 3;

/** Categories a yes/no question is answered from: the clause being there is the answer (question-polarity.ts says which). */
const YES_NO = new Set([
  'Non-Compete', 'Exclusivity', 'Anti-Assignment', 'Cap On Liability', 'Uncapped Liability', 'Termination For Convenience',
  'Audit Rights', 'Minimum Commitment', 'Change Of Control', 'Most Favored Nation', 'No-Solicit Of Customers',
  'No-Solicit Of Employees', 'Non-Disparagement', 'Rofr/Rofo/Rofn', 'Revenue/Profit Sharing', 'Price Restrictions',
  'Volume Restriction', 'Ip Ownership Assignment', 'Joint Ip Ownership', 'License Grant', 'Non-Transferable License',
  'Irrevocable Or Perpetual License', 'Source Code Escrow', 'Post-Termination Services', 'Liquidated Damages',
  'Insurance', 'Covenant Not To Sue', 'Third Party Beneficiary',
]);

interface Lead {
  text: string;
  /** What the lead states, to keep in view when a long sentence is trimmed. */
  value: string | null;
}

function leadFor(category: string, clause: string, question: string): Lead | null {
  if (category === 'Governing Law') {
    const place = governingPlace(clause);
    return place ? { text: `Governing law: ${place}.`, value: place } : null;
  }
  if (category === 'Notice Period To Terminate Renewal') {
    const period = noticePeriod(clause);
    return period ? { text: `Notice period: ${period}.`, value: null } : null;
  }
  if (!YES_NO.has(category)) return null;
  const answer = leadWhenPresent(category, question);
  return answer === null ? null : { text: answer, value: null };
}

/**
 * The lead of a yes/no question when the document's likeliest passage clears the presence cut-off
 * but is not tagged with the clause: no yes or no, and the nearest wording quoted below it.
 */
function unclearLead(category: string, title: string): Lead {
  return { text: `Unclear: no provision of ${title} is plainly a clause on ${categoryPhrase(category)}; the nearest follows.`, value: null };
}

/** The sentences of the passage that express the clause: the best one and its neighbours that do too. */
function clauseSentences(text: string, category: string, classifier: ClauseClassifier): string[] {
  // Headings split off as sentences ("12.1 Governing Law.") say nothing the clause does not.
  const sentences = splitSentences(text)
    .filter((s) => (s.text.match(/\p{L}+/gu) ?? []).length >= MIN_SENTENCE_WORDS)
    .map((s) => ({ text: s.text, p: classifier.scores(s.text).find((c) => c.category === category)?.p ?? 0 }));
  if (sentences.length === 0) return [];
  let best = 0;
  sentences.forEach((s, i) => {
    if (s.p > (sentences[best]?.p ?? 0)) best = i;
  });
  const floor = Math.max(0.2, 0.5 * (sentences[best]?.p ?? 0));
  let from = best;
  let to = best;
  while (to - from + 1 < MAX_CLAUSE_SENTENCES) {
    const next = sentences[to + 1];
    const previous = sentences[from - 1];
    if (next && next.p >= floor && (!previous || next.p >= previous.p)) to++;
    else if (previous && previous.p >= floor) from--;
    else break;
  }
  return sentences.slice(from, to + 1).map((s) => s.text);
}

/** A sentence as quoted: cleaned, and when long, trimmed around what the lead states. */
function quote(sentence: string, value: string | null): string {
  const clean = cleanSentence(sentence, Number.MAX_SAFE_INTEGER);
  const at = value ? Math.max(0, clean.indexOf(value)) : 0;
  return trimAround(clean, at, MAX_QUOTE_CHARS);
}

/** The sentence of the focus's first passage that words its category in the negative ("a non-exclusive right"), or null. */
function oppositeSentence(focus: ClauseFocus): string | null {
  const first = focus.passages[0];
  if (!first) return null;
  return splitSentences(first.text).find((s) => statesOnlyOpposite(focus.category, s.text))?.text ?? null;
}

/** The sentence of the focus's passages most like the missing clause (the classifier's likeliest), or null when none is a sentence. */
function nearestSentence(focus: ClauseFocus, classifier: ClauseClassifier): string | null {
  let best: { text: string; p: number } | null = null;
  for (const passage of focus.passages) {
    for (const s of splitSentences(passage.text)) {
      if ((s.text.match(/\p{L}+/gu) ?? []).length < MIN_SENTENCE_WORDS) continue;
      const p = classifier.scores(s.text).find((c) => c.category === focus.category)?.p ?? 0;
      if (best === null || p > best.p) best = { text: s.text, p };
    }
  }
  return best?.text ?? null;
}

/** "Cap On Liability" → "cap on liability"; the category as it reads in a sentence. */
function categoryPhrase(category: string): string {
  return category.toLowerCase().replace(/\//g, ' or ');
}

/**
 * The answer to a question about one clause of a named document (pure): the direct answer first
 * (the governing place, the notice period, yes), then the clause quoted at sentence boundaries;
 * or, when the document has no such clause, a plain statement of that with the nearest provision.
 */
export function composeClauseAnswer(focus: ClauseFocus, analysis: QueryAnalysis, classifier: ClauseClassifier, knownTitle?: string): string {
  const tag = formatTag(focus.fileId);
  const title = fileTitle(focus.fileName, knownTitle);
  if (!focus.present) {
    const named = title.replace(/^the\s+/i, '');
    const statement = `The ${named} has no clause on ${categoryPhrase(focus.category)}`;
    const instead = focus.opposite ? oppositeSentence(focus) : null;
    if (instead !== null) return `${statement}; instead it provides: ${quote(instead, null)} ${tag}`;
    const nearest = nearestSentence(focus, classifier) ?? scoreEvidence(analysis, focus.passages)[0]?.text;
    return nearest ? `${statement}; the nearest provision reads: ${quote(nearest, null)} ${tag}` : `${statement}. ${tag}`;
  }
  // The likeliest passage may hold no sentence to quote (a heading over a redacted "[***]"): then the
  // next. Read one at a time: classifying a passage's sentences is most of a clause answer's work.
  let sentences: string[] = [];
  for (const passage of focus.passages) {
    sentences = clauseSentences(passage.text, focus.category, classifier);
    if (sentences.length > 0) break;
  }
  if (sentences.length === 0) return '';
  const lead = !focus.clear && YES_NO.has(focus.category) ? unclearLead(focus.category, title) : leadFor(focus.category, sentences.join(' '), analysis.question);
  const quoted = sentences.map((s) => `${quote(s, lead?.value ?? null)} ${tag}`).join(' ');
  const body = `In ${title}: ${quoted}`;
  return lead ? `${lead.text} ${tag}\n\n${body}` : body;
}

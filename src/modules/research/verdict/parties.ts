// Who holds the duty or the right: the subject noun phrase before the modal ("the housing provider shall");
// and who does what a participle names ("elected by the directors").
import { stemmer } from 'stemmer';
import { clauseStartOf, type ModalCue } from './modality.js';
import { namesAgent } from '../../../text/wordnet.js';
import { isStopword } from '../../../text/stopwords.js';

// Common role names that mean the same party, so a paraphrase is not read as a swapped party.
const ROLE_SYNONYMS: Record<string, string> = {
  landlord: 'housing provider', lessor: 'housing provider', 'housing provider': 'housing provider',
  renter: 'tenant', lessee: 'tenant', tenant: 'tenant',
  worker: 'employee', employee: 'employee', staff: 'employee',
  recipient: 'receiving party', 'receiving party': 'receiving party', receiver: 'receiving party',
  discloser: 'disclosing party', 'disclosing party': 'disclosing party',
  purchaser: 'buyer', buyer: 'buyer', vendor: 'seller', seller: 'seller',
};
const DETERMINERS = /^(?:a|an|the|any|each|every|such|no|all|said|its|their|his|her|that|this|these|those|some)\s+/i;
const PRONOUNS = new Set(['he', 'she', 'it', 'they', 'he or she', 'she or he', 'you', 'we', 'i', 'who', 'which', 'that', 'there']);
// A subject is at most a few words and is cut at clause boundaries and conjunctions that start a new clause.
const BOUNDARY = /(?:[,;:()"“”—–]|\b(?:that|if|when|whenever|unless|where|which|who|whom|whose|provided|except|then|but|because|after|before|until|while|nothing|under|of)\b)/gi;

/** Canonical form of a party phrase: lowercased, determiners and possessives stripped, role synonyms merged. */
export function normaliseParty(phrase: string): string {
  // A clause's subject may open with the conjunction that joins it to the one before: "and an employer".
  let p = phrase.toLowerCase().replace(/['’]s\b/g, '').replace(/\s+/g, ' ').trim().replace(/^(?:and|or|but|nor)\s+/, '');
  while (DETERMINERS.test(p)) p = p.replace(DETERMINERS, '');
  p = p.replace(/^(?:d\.c\.|district|federal|state|virginia|colorado|u\.s\.)\s+/, '');
  for (const [name, role] of Object.entries(ROLE_SYNONYMS)) {
    if (p === name || p === `${name}s` || p.endsWith(` ${name}`) || p.endsWith(` ${name}s`)) return role;
  }
  return p;
}

/** The party that holds the duty or right a modal cue expresses, or null when none can be read. */
export function dutyHolder(text: string, cue: ModalCue): string | null {
  const after = text.slice(cue.end);
  // "No tenant shall ..." carries its subject inside the cue.
  const inside = /^no\s+((?:[a-z'’-]+\s+){0,4}?)(?:shall|may|must|will)$/i.exec(cue.text);
  if (/^\s+(?:not\s+)?be\s+\w+(?:ed|en)\b/i.test(after)) {
    const by = /^\s+(?:not\s+)?be\s+\w+(?:ed|en)\b[^.;,]{0,60}?\bby\s+((?:the|a|an|any|each)\s+)?([a-z][a-z'’-]+(?:\s+[a-z'’-]+)?)/i.exec(after);
    const agent = by?.[2] === undefined ? '' : normaliseParty(by[2].replace(/\s+(?:to|of|for|in|on|at|with|and|or|from|within)$/i, ''));
    return /^[a-z]{3,}/.test(agent) && !PRONOUNS.has(agent) ? agent : null; // passive: the agent, if named
  }
  if (inside?.[1] !== undefined && inside[1].trim() !== '') return normaliseParty(inside[1]);
  // The subject starts after the clause of a modal before it: "The Mayor shall devise and an employer
  // shall post" gives "post" to the employer.
  const before = text.slice(Math.max(0, cue.start - 80, clauseStartOf(text, cue)), cue.start);
  const cuts: Array<{ at: number; end: number; word: string }> = [];
  BOUNDARY.lastIndex = 0;
  for (let m = BOUNDARY.exec(before); m !== null; m = BOUNDARY.exec(before)) cuts.push({ at: m.index, end: m.index + m[0].length, word: m[0].toLowerCase() });
  let from = cuts.at(-1)?.end ?? 0;
  let to = before.length;
  // "The executive of each State shall": the subject is the noun before "of", not the one the
  // modal follows. Only for a short noun phrase on each side ("In case of default the tenant shall"
  // keeps "the tenant", "each of the parties" the parties), and back through a chain ("the Director
  // of the Department of Health" is the Director).
  const isPhrase = (phrase: string) => {
    const all = phrase.trim().split(/\s+/);
    // A possessive determines what follows it: "a credit union's board" is read as "union's board".
    const possessive = all.slice(0, -1).findLastIndex((w) => /['’]s$/i.test(w));
    const words = possessive > 0 ? all.slice(possessive) : all;
    // A determiner and a noun that names people ("each of the parties shall" is the parties'; "the
    // obligations of this Agreement shall survive" have no holder to compare).
    // A possessive determines as "the" does: "Colorado's secretary of state" is the secretary.
    const determined = DETERMINERS.test(`${words[0] ?? ''} `) || /['’]s$/i.test(words[0] ?? '');
    return words.length >= 2 && words.length <= 3 && determined && namesAgent(words[words.length - 1] ?? '');
  };
  // What follows "of" is a short phrase, or a name however long ("the Director of the Coast Guard Reserve").
  const ofWhat = (phrase: string) => phrase.trim().split(/\s+/).length <= 3 || PROPER_NAME.test(phrase.trim());
  // "the assignee for the benefit of creditors shall", "the Mayor in consultation with the Council
  // shall": the holder is the one a preposition's phrase modifies, when it names someone who acts.
  // Its offsets in `before`, or null.
  const modifiedIn = (start: number, end: number): [number, number] | null => {
    const m = MODIFIED_HOLDER.exec(before.slice(start, end));
    if (m === null || !isPhrase(m[1] as string)) return null;
    const at = start + m[0].length - m[0].trimStart().length;
    return [at, at + (m[1] as string).length];
  };
  let chained = false;
  for (let k = cuts.length - 1; k >= 0 && cuts[k]!.word === 'of' && ofWhat(before.slice(cuts[k]!.end, to)); k--) {
    const start = cuts[k - 1]?.end ?? 0;
    if (!isPhrase(before.slice(start, cuts[k]!.at))) {
      const modified = modifiedIn(start, cuts[k]!.at);
      if (modified !== null) [from, to, chained] = [...modified, true];
      break;
    }
    [from, to, chained] = [start, cuts[k]!.at, true];
  }
  const modified = chained ? null : modifiedIn(from, to);
  if (modified !== null) [from, to] = modified;
  const words = before.slice(from, to).trim().split(/\s+/).filter((w) => w !== '');
  const subject = words.slice(-4).join(' ');
  if (subject === '' || /\d/.test(subject)) return null;
  const party = normaliseParty(subject);
  return party === '' || PRONOUNS.has(party) ? null : party;
}

/** A determined noun phrase of one or two words and the preposition that opens its modifier: "the assignee for". */
const MODIFIED_HOLDER = /^\s*((?:the|a|an|any|each|every|such|no)\s+[a-z'’-]+(?:\s+[a-z'’-]+)?)\s+(?:for|on|in|to|with|from|under|at)\s/i;

/** A name: capitalised words, after "the" or not ("the Coast Guard Reserve", "Homeland Security"). */
const PROPER_NAME = /^(?:the\s+)?[A-Z][\w'’.-]*(?:\s+(?:and\s+)?[A-Z][\w'’.-]*){0,5}$/;

export type PartyRelation = 'same' | 'swapped' | 'unknown';

function head(party: string): string {
  return stemmer(lastWord(party));
}

function lastWord(party: string): string {
  return party.split(' ').at(-1) ?? '';
}

/** Whether a holder read from a text names someone who acts: WordNet's person or group senses, or a role we know. */
function acts(party: string): boolean {
  return namesAgent(lastWord(party)) || party in ROLE_SYNONYMS || Object.values(ROLE_SYNONYMS).includes(party);
}

/**
 * Whether the assertion's duty holder is the provision's. 'swapped' needs a real exchange of roles: each
 * text's holder must appear in the other text as someone else, so a paraphrase stays 'unknown'.
 * `assertionSubject` is the assertion's text before its modal: dutyHolder keeps only the head of "the
 * Secretary of Defense", so 'same' also needs the sentence to say every capitalised word the
 * assertion names its holder with (the Secretary of Transportation is another holder).
 */
export function compareParties(assertionHolder: string | null, provisionHolder: string | null, provisionSentence: string, assertion: string, assertionSubject = ''): PartyRelation {
  if (assertionHolder === null || provisionHolder === null) return 'unknown';
  if (assertionHolder === provisionHolder || head(assertionHolder) === head(provisionHolder)) return namedAlike(assertionSubject, provisionSentence) ? 'same' : 'unknown';
  // Both must name someone who acts: "make a child-custody determination" read as a holder is not one.
  if (!acts(assertionHolder) || !acts(provisionHolder)) return 'unknown';
  // One holder's words inside the other's ("attorney" in "attorney general"): the assertion names
  // the provision's holder only as part of its own, no swap ("the attorney general or a district
  // attorney may apply" read as "attorney").
  const within = (part: string, whole: string) => wordsPattern(part, '\\b').test(whole);
  if (within(provisionHolder, assertionHolder) || within(assertionHolder, provisionHolder)) return 'unknown';
  return mentions(provisionSentence, assertionHolder) && mentions(assertion, provisionHolder) ? 'swapped' : 'unknown';
}

/** Whether `sentence` says every capitalised content word of the subject's last clause ("the Secretary of Defense": Secretary, Defense). */
function namedAlike(subject: string, sentence: string): boolean {
  const said = new Set((sentence.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).map((w) => w.toLowerCase()));
  const clause = subject.split(/[,;:]/).at(-1) ?? '';
  const names = (clause.match(/\b[A-Z][A-Za-z'’-]*/g) ?? []).map((w) => w.toLowerCase().replace(/['’]s$/, '')).filter((w) => !isStopword(w, 'statutes'));
  return names.every((w) => said.has(w));
}

function mentions(text: string, party: string): boolean {
  const lower = text.toLowerCase();
  const names = [party, ...Object.entries(ROLE_SYNONYMS).filter(([, role]) => role === party).map(([name]) => name)];
  return names.some((name) => wordsPattern(name).test(lower));
}

/** `phrase` as a pattern that starts at a word boundary and ends with `end`, its characters taken literally. */
function wordsPattern(phrase: string, end = ''): RegExp {
  return new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${end}`);
}

/**
 * Whether the subject's own clause (after its last ".", ";" or ":") holds every word of `party`,
 * however apart: "the head of any department ... of the executive branch of the Government" names
 * an "executive department", as a description the subject's words compose.
 */
function namesEveryWord(subjectText: string, party: string): boolean {
  const clause = new Set((subjectText.slice(subjectText.search(/[^.;:]*$/)).toLowerCase().match(/[a-z]+/g) ?? []).map((w) => stemmer(w)));
  const words = party.split(/\s+/).filter((w) => !isStopword(w, 'statutes'));
  return words.length > 0 && words.every((w) => clause.has(stemmer(w)));
}

/** A participle and the agent "by" names after it: "elected by its policyholders", "approved by the Board". */
const BY_AGENT = /\b([a-z]+(?:ed|en))\s+by\s+(the|its|their|his|her|a|an|each|any)\s+([a-z][a-z'’-]*)(?:\s+([a-z][a-z'’-]*))?/gi;

/**
 * The conflict when the assertion and the provision's sentence say the same thing was done by
 * different people ("elected by its policyholders" against "elected by the directors"): the same
 * participle before "by", agents whose last words name people or bodies (WordNet), by different
 * heads, neither text naming the other's agent. The two agents as each text writes them, or null.
 */
export function passiveAgentConflict(assertion: string, sentence: string): { assertionWords: string; provisionWords: string } | null {
  const agents = (text: string) =>
    [...text.matchAll(BY_AGENT)].flatMap((m) => {
      // The agent is its first word, or its first two when the second names people too ("the board members").
      const second = m[4] !== undefined && !isStopword(m[4].toLowerCase(), 'statutes') && namesAgent(m[4]) ? m[4] : undefined;
      const noun = second ?? m[3] ?? '';
      if (!namesAgent(noun)) return [];
      const agent = normaliseParty(second === undefined ? noun : `${m[3]} ${second}`);
      return [{ verb: stemmer((m[1] ?? '').toLowerCase()), agent, words: `${m[1]} by ${m[2]} ${m[3]}${second === undefined ? '' : ` ${second}`}` }];
    });
  for (const ours of agents(assertion)) {
    for (const theirs of agents(sentence)) {
      if (theirs.verb !== ours.verb || head(theirs.agent) === head(ours.agent)) continue;
      if (mentions(sentence, ours.agent) || mentions(assertion, theirs.agent)) continue;
      return { assertionWords: ours.words, provisionWords: theirs.words };
    }
  }
  return null;
}

const PREPOSITION = /\b(?:by|to|on|in|for|with|from|at|under|upon)\b/;

/** Holders any more specific one may stand for: "a person shall" binds the employer the assertion names. */
const GENERAL_HOLDERS = new Set(['person', 'individual', 'entity', 'party', 'one', 'anyone', 'everyone', 'body']);

/**
 * Whether the provision gives the assertion's action to another holder, each named as someone who
 * acts (WordNet's person or group senses): "the state auditor shall audit the reports" against "the
 * judicial department must audit the reports". The provision's holder must not be a general one that
 * the assertion's may be a kind of, and the assertion's must not hold a duty of its own in the
 * sentence (then the sentence gives the action to both, or is the mirror duty compareParties reads),
 * nor be named in `subjectText`, the provision's words before its modal.
 */
export function replacedHolder(assertionHolder: string | null, provisionHolder: string | null, subjectText: string, holdersInSentence: Array<string | null>): boolean {
  if (assertionHolder === null || provisionHolder === null) return false;
  // A holder read with a preposition in it ("states by a fiduciary") is a misreading of a longer subject.
  if (PREPOSITION.test(assertionHolder) || PREPOSITION.test(provisionHolder)) return false;
  // Named in the provision's subject ("heads of executive departments, independent offices and
  // establishments of the Government may"): one of a list of holders the reading kept only the last of.
  if (mentions(subjectText, assertionHolder) || namesEveryWord(subjectText, assertionHolder)) return false;
  if (head(assertionHolder) === head(provisionHolder) || GENERAL_HOLDERS.has(lastWord(provisionHolder)) || GENERAL_HOLDERS.has(lastWord(assertionHolder))) return false;
  if (holdersInSentence.some((h) => h !== null && head(h) === head(assertionHolder))) return false;
  return acts(assertionHolder) && acts(provisionHolder);
}

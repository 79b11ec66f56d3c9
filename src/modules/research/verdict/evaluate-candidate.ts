// Compares what an assertion claims with what one candidate sentence states: quantities, modality,
// the holder of the duty, and negation. Each finding carries the words that decide it.
import { compareQuantity, comparable } from './compare-quantities.js';
import { clauseStartOf, compareModality, declaresWhatMustHold, effectiveModality, findModalCues, mainModality, negationsAt, sameRestriction, statementNegations, type ModalCue } from './modality.js';
import { compareParties, dutyHolder, passiveAgentConflict, replacedHolder } from './parties.js';
import { opposedWord } from './antonyms.js';
import { extractQuantities, type Quantity } from './quantities.js';
import { contentStems, weighsForTopic } from './topic.js';
import { offenseClassFinding } from './offense-class.js';
import { dateFindings } from './date-findings.js';
import { exclusionConflict } from './exclusion.js';
import { onlyAlternativeConflict } from './only-alternative.js';
import { indifferentConditionConflict } from './whether-or-not.js';
import { negatedPhraseConflict } from './negated-phrase.js';
import { crossReferenceConflict } from './cross-reference.js';
import { opposedOrder } from './temporal-order.js';
import { actorSlotConflict, nameSlotConflict } from './name-slot.js';
import { writeTitlesInFull } from './short-titles.js';
import { findDates, type DateMention } from '../../../text/dates.js';
import { isIrregularParticiple, verbStem } from '../../../text/irregular-verbs.js';

/** What the rules read from the assertion once, reused for every candidate. */
export interface AssertionFacts {
  text: string;
  quantities: Quantity[];
  /** The dates it states (a day, or a month and year), compared as figures (date-findings.ts). */
  dates: DateMention[];
  cue: ModalCue;
  holder: string | null;
  negations: string[];
  /** The assertion's content words that are rare in the provisions, to locate them in a sentence. */
  keyWords: string[];
  stems: Set<string>;
  /** Stem of the action the modal governs ("may *terminate*"), or null. */
  action: string | null;
  /** Content stems of what follows the action (its object and complements), read to match a verb said otherwise. */
  predicate: string[];
}

export type FindingKind = 'quantity-match' | 'quantity-consistent' | 'quantity-conflict' | 'modality-agree' | 'modality-conflict' | 'party-same' | 'party-swapped' | 'name-conflict' | 'negation-conflict';

export interface Finding {
  kind: FindingKind;
  /** The assertion's words and the provision's words that decide it. */
  assertionWords: string;
  provisionWords: string;
  /** 0..1, how strongly this finding decides. */
  strength: number;
  /** True when the provision's words are in the lead-in of the list the sentence is an item of. */
  inLeadIn?: boolean;
  /** The short title the sentence says where provisionWords is the full form the provision gave it. */
  shortTitle?: string;
}

/** Reads the assertion's quantities, modality, duty holder and negations. */
export function readAssertion(text: string, keyWords: string[]): AssertionFacts {
  const cue = mainModality(text);
  const action = actionAfter(text, cue);
  return {
    text,
    quantities: extractQuantities(text),
    dates: findDates(text),
    cue,
    holder: cue.modality === 'statement' && cue.text === '' ? null : dutyHolder(text, cue),
    negations: cue.modality === 'statement' ? statementNegations(text) : [],
    keyWords,
    stems: new Set(contentStems(text)),
    action,
    predicate: predicateAfter(text, cue, action),
  };
}

/** The most a finding read from a list's lead-in weighs (decidingConflict lets a matched figure override under 0.7). */
const INHERITED_STRENGTH = 0.5;

const CONDITION_OPENER = /(?:^|[,;]\s*(?:or\s+|and\s+)?)(?:if|unless|except|provided|where|when)\b[^;]*$/i;
const EXCEPTION_RE = /\b(?:except|unless|other\s+than|provided(?:,)?\s+(?:however,\s+)?that|but\s+may|save\s+for|excluding|apart\s+from)\b/i;

/**
 * Findings for one sentence; `sentence` is the candidate's text, `leadIn` the sentence that
 * introduces the list it is an item of ("the District may:", "shall provide for—"), if any: an
 * item without a modal of its own is governed by its lead-in's, as a lawyer reads it. `titles`: the
 * full forms of the short titles the provision used before the sentence (short-titles.ts).
 */
export function evaluateCandidate(a: AssertionFacts, sentence: string, leadIn?: string, titles?: Map<string, string>): Finding[] {
  const findings: Finding[] = [];
  const figures = quantityFindings(a, sentence);
  findings.push(...figures.map((f) => f.finding), ...dateFindings(a.dates, sentence));
  const offense = offenseClassFinding(a.text, sentence);
  if (offense !== null) findings.push(offense);
  const own = governingCue(sentence, a, figures[0]?.at ?? -1);
  const inherited = own === null && leadIn !== undefined ? findModalCues(leadIn).at(-1) ?? null : null;
  const cue = own ?? inherited;
  // The text the cue is read in: the lead-in and its item as one sentence when the cue is inherited.
  const read = inherited === null ? sentence : `${leadIn} ${sentence}`;
  // An inherited modal is read across the item's own words, so it decides less firmly: a figure the
  // item states ("— 1 year" under "may not be brought after the period below") outweighs it.
  const mark = (f: Finding): Finding => (inherited === null ? f : { ...f, inLeadIn: true, strength: Math.min(f.strength, INHERITED_STRENGTH) });
  if (cue !== null) {
    // "shall be accurate" declares a state, but "need not be accurate" denies that it must hold: against
    // a no-obligation the bare "shall"/"must" is the duty it releases.
    const releases = a.cue.modality === 'no-obligation' && declaresWhatMustHold(cue);
    let relation = compareModality(effectiveModality(a.text, a.cue), releases ? 'obligation' : effectiveModality(read, cue));
    // A negated plain statement ("they are not subject to the personnel laws") says what the
    // declaratory "shall not be subject to" says. (Read as a prohibition against positive modals
    // too, it turned two faithful paraphrases of the tune set into contradictions: the negation was
    // a modifier's, "a person not affiliated", or the modal another clause's.)
    if (a.cue.modality === 'statement' && a.negations.length % 2 === 1 && effectiveModality(read, cue) === 'prohibition') relation = 'agree';
    if (relation !== 'agree' && a.cue.modality === 'permission' && cue.modality === 'prohibition' && speaksInException(a, read, cue)) {
      relation = 'agree'; // "shall not disclose except to employees" permits disclosure to employees
    }
    if (relation !== 'agree' && sameRestriction({ text: a.text, cue: a.cue }, { text: read, cue })) relation = 'agree';
    const plainPositive = a.cue.text === '' && a.negations.length % 2 === 0;
    const saved = plainPositive && relation === 'agree' ? undoesWhatIsSaved(a.text, read, cue) : null;
    // Against the prohibition itself too ("Nothing ... shall"), so the explanation quotes what it forbids.
    const forbidden = plainPositive && (relation === 'agree' || cue.modality === 'prohibition');
    const undoing = saved !== null ? { assertion: saved, provision: cue.text } : forbidden ? undoesWhatIsForbidden(a.text, read) : null;
    if (undoing !== null) {
      relation = 'unknown';
      findings.push(mark({ kind: 'negation-conflict', assertionWords: undoing.assertion, provisionWords: undoing.provision, strength: 0.7 }));
    }
    // Modality and parties are compared only when the provision's modal governs the assertion's action:
    // "may terminate" says nothing against a "shall" that governs "give notice".
    const sameAction = a.action === null || governs(read, cue, a.action, a.predicate);
    if (!sameAction) relation = 'unknown';
    const holder = dutyHolder(read, cue);
    const parties = sameAction ? compareParties(a.holder, holder, read, a.text, a.text.slice(Math.max(0, a.cue.start - 80), a.cue.start)) : 'unknown';
    if (parties === 'swapped' && holder !== null && a.holder !== null) {
      findings.push(mark({ kind: 'party-swapped', assertionWords: `${a.holder} ${a.cue.text}`.trim(), provisionWords: `${holder} ${cue.text}`, strength: 0.75 }));
    } else if (parties === 'same' && holder !== null && a.holder !== null) {
      // Decides nothing by itself; ranks the sentence that gives the assertion's action to its own holder.
      findings.push(mark({ kind: 'party-same', assertionWords: a.holder, provisionWords: holder, strength: 0 }));
    } else if (sameAction && relation === 'agree' && replacedHolder(a.holder, holder, ownSubject(read, cue), holdersOfAction(read, cue, a))) {
      // Another holder for the same action: the assertion's modal agrees, its holder does not.
      findings.push(mark({ kind: 'name-conflict', assertionWords: `${holderAsWritten(a.text.slice(0, a.cue.start), a.holder as string)} ${a.cue.text}`.trim(), provisionWords: `${holderAsWritten(ownSubject(read, cue), holder as string)} ${cue.text}`, strength: 0.6 }));
    }
    if (a.cue.text !== '' || cue.modality !== 'statement') {
      if (relation === 'agree') findings.push(mark({ kind: 'modality-agree', assertionWords: a.cue.text, provisionWords: cue.text, strength: 0.3 }));
      else if (relation === 'conflict' || relation === 'weak-conflict') {
        // No cue in the assertion (a plain statement): no words of its own to name; the explanation says so.
        findings.push(mark({ kind: 'modality-conflict', assertionWords: a.cue.text, provisionWords: cue.text, strength: relation === 'conflict' ? 0.7 : 0.45 }));
      }
    }
  }
  const denial = deniedByModal(a, sentence);
  if (denial !== null) findings.push(denial);
  const stated = a.cue.modality !== 'statement' ? null : cue === null || cue.modality === 'statement' ? sentence : modalFreeClause(a, sentence);
  if (stated !== null) {
    // Negations in a relative clause the other text says nothing of modify a noun, not the claim.
    const counted = (text: string, other: string) => {
      const others = new Set(contentStems(other));
      return negationsAt(text).filter((n) => !asideNegation(text, n.at, others));
    };
    const ours = a.negations.length === 0 ? [] : counted(a.text, stated);
    const theirs = counted(stated, a.text);
    if ((ours.length % 2) !== (theirs.length % 2)) {
      // The first negation counted, with its neighbours ("does not obligate"); '' for the side that has none.
      const words = (text: string, list: Array<{ word: string; at: number }>) => {
        const first = list[0];
        return first === undefined ? '' : negationPhrase(text, first);
      };
      findings.push({ kind: 'negation-conflict', assertionWords: words(a.text, ours), provisionWords: words(stated, theirs), strength: 0.45 });
    }
  }
  const opposite = opposedWord(a.text, sentence) ?? opposedOrder(a.text, sentence);
  // As strong as a changed modal: "deemed disapproved" against "deemed approved" is contradicted
  // though both say "within the 45-day review period" (decidingConflict lets a matched figure
  // outweigh only findings under 0.7).
  if (opposite !== null) findings.push({ kind: 'negation-conflict', assertionWords: opposite.assertion, provisionWords: opposite.provision, strength: 0.7 });
  const excluded = exclusionConflict(a.text, sentence) ?? onlyAlternativeConflict(a.text, sentence) ?? indifferentConditionConflict(a.text, sentence) ?? negatedPhraseConflict(a.text, sentence) ?? crossReferenceConflict(a.text, sentence);
  if (excluded !== null) findings.push(excluded);
  // Names are compared as a reader takes them: "the Secretary" is the Secretary the provision named in full before.
  const named = titles === undefined ? sentence : writeTitlesInFull(sentence, titles);
  const renamed = nameSlotConflict(a.text, named) ?? actorSlotConflict(a.text, named);
  if (renamed !== null) {
    // A name read through a short title is quoted as the sentence writes it, then as the provision names it.
    const title = sentence.includes(renamed.provisionWords) ? null : shortTitleIn(sentence, renamed.provisionWords);
    findings.push(title === null ? renamed : { ...renamed, shortTitle: title });
  }
  const byOther = passiveAgentConflict(a.text, sentence);
  if (byOther !== null) findings.push({ kind: 'name-conflict', ...byOther, strength: 0.7 });
  return findings;
}

/** The short title ("the Secretary") in `sentence` that `full` ("Secretary of Transportation") was read from. */
function shortTitleIn(sentence: string, full: string): string | null {
  const title = /\b([A-Z][a-z]+)\s+of\b/.exec(full)?.[1];
  return title === undefined ? null : new RegExp(`\\b[Tt]he\\s+${title}\\b`).exec(sentence)?.[0] ?? null;
}

/**
 * The holder as `subject` (a text's words before its modal) writes it, with the name it is "of"
 * ("Director of the Coast Guard Reserve", where dutyHolder kept "director"); the holder itself when
 * the text does not say it.
 */
function holderAsWritten(subject: string, holder: string): string {
  const at = subject.toLowerCase().lastIndexOf(holder.toLowerCase());
  if (at < 0) return holder;
  const end = at + holder.length;
  const of = /^\s+of\s+(?:the\s+)?[A-Z][\w'’.-]*(?:\s+(?:and\s+)?[A-Z][\w'’.-]*)*/.exec(subject.slice(end))?.[0] ?? '';
  return subject.slice(at, end + of.length);
}

/** A savings clause: "Nothing in this chapter ... shall be construed as affecting" what it names. */
const SAVINGS_CUE = /^nothing\b[\s\S]*\b(?:affect|impair)\w*$/i;
/** Verbs that undo or alter what exists: what a savings clause keeps from happening to what it names. */
const UNDOING = /\b(?:cancel|void|annul|terminat|revok|invalidat|nullif|abrogat|extinguish|impair|affect|supersed|abolish|eliminat|alter|modif)\w*/i;
/** Share of the words after the assertion's undoing verb that the savings clause must name. */
const SAVED_SHARE = 0.5;

/**
 * Whether a plain statement says the law undoes what a savings clause keeps: "the chapter cancels
 * existing leases lawfully entered into by the agencies it affects" against "Nothing in this chapter
 * contained shall be construed as affecting any rights under any existing lease or leases lawfully
 * entered into by any agency". The cue reads as a permission, and a permission agrees with a
 * positive statement; but what it permits is that things stay as they are. The undoing verb as the
 * assertion writes it, or null.
 */
function undoesWhatIsSaved(assertion: string, sentence: string, cue: ModalCue): string | null {
  if (!SAVINGS_CUE.test(cue.text)) return null;
  const claim = undoingClaim(assertion);
  return claim !== null && namesWhatIsUndone(claim, sentence.slice(cue.end)) ? claim.verb : null;
}

/** The undoing verb a plain statement uses (as it writes it, and its stem) and the stems of what follows it; null without one. */
function undoingClaim(assertion: string): { verb: string; stem: string; object: string[] } | null {
  const verb = UNDOING.exec(assertion);
  const stem = verb === null ? undefined : contentStems(verb[0])[0];
  if (verb === null || stem === undefined) return null;
  const object = [...new Set(contentStems(assertion.slice(verb.index + verb[0].length)))].filter(weighsForTopic);
  return object.length === 0 ? null : { verb: verb[0], stem, object };
}

/** Whether `text` names at least SAVED_SHARE of what the assertion says is undone. */
function namesWhatIsUndone(claim: { object: string[] }, text: string): boolean {
  const named = new Set(contentStems(text));
  return claim.object.filter((s) => named.has(s)).length >= SAVED_SHARE * claim.object.length;
}

/** Characters after a prohibition read for the undoing verbs it forbids ("shall not have the effect to release, extinguish, alter"). */
const FORBIDDEN_VERB_WINDOW = 80;

/**
 * Whether a plain statement says the law undoes what the sentence forbids it to undo: "the repeal
 * of a statute extinguishes any liability already incurred under it" against "The repeal ... of any
 * statute ... shall not have the effect to release, extinguish, alter ... any penalty, forfeiture, or
 * liability ... incurred under such statute". The assertion's undoing verb must follow one of the
 * sentence's prohibitions closely, and the sentence must name what the assertion says is undone
 * (SAVED_SHARE), as for a savings clause. The verb as the assertion writes it and the prohibition
 * through that verb as the sentence does, or null.
 */
function undoesWhatIsForbidden(assertion: string, sentence: string): { assertion: string; provision: string } | null {
  const claim = undoingClaim(assertion);
  if (claim === null) return null;
  for (const cue of findModalCues(sentence)) {
    const window = sentence.slice(cue.end, cue.end + FORBIDDEN_VERB_WINDOW);
    // The prohibition's verb, as the sentence writes it: quoted from the cue through it ("shall not have the effect to release, extinguish").
    const at = cue.modality === 'prohibition' ? [...window.matchAll(/[A-Za-z]+/g)].find((m) => contentStems(m[0])[0] === claim.stem) : undefined;
    if (at === undefined || !namesWhatIsUndone(claim, sentence.slice(cue.end))) continue;
    return { assertion: claim.verb, provision: sentence.slice(cue.start, cue.end + at.index + at[0].length) };
  }
  return null;
}

/** The negation at `at` in `text`, with the word before and after it when there are ("does not obligate", "doesn't apply"). */
function negationPhrase(text: string, negation: { word: string; at: number }): string {
  // "n't" ends the word that carries it ("doesn't"); every other negation is a word of its own, read
  // with the one before it ("does not").
  const before = /^n['’]t$/i.test(negation.word) ? /\w+$/ : /[\w'’-]+\s+$/;
  const start = negation.at - (before.exec(text.slice(Math.max(0, negation.at - 40), negation.at))?.[0].length ?? 0);
  const end = negation.at + negation.word.length;
  const after = /^\s+[\w'’-]+/.exec(text.slice(end))?.[0] ?? '';
  return text.slice(start, end + after.length);
}

function quantityFindings(a: AssertionFacts, sentence: string): Array<{ finding: Finding; at: number }> {
  const theirs = extractQuantities(sentence);
  const out: Array<{ finding: Finding; at: number }> = [];
  for (const q of a.quantities) {
    const all = theirs.filter((p) => comparable(q, p));
    if (all.length === 0) continue;
    // A figure inside a trailing "if…"/"unless…" clause is the exception, not the rule: judge the main figures first.
    const main = all.filter((p) => !CONDITION_OPENER.test(sentence.slice(0, p.start)));
    const ordered = main.length > 0 ? [main, all] : [all];
    let decided: Finding | null = null;
    let at = -1;
    for (const group of ordered) {
      const rel = group.map((p) => ({ p, r: compareQuantity(q, p) }));
      const match = rel.find((x) => x.r === 'match') ?? rel.find((x) => x.r === 'consistent');
      if (match !== undefined) {
        decided = { kind: match.r === 'match' ? 'quantity-match' : 'quantity-consistent', assertionWords: q.text, provisionWords: match.p.text, strength: match.r === 'match' ? 0.9 : 0.55 };
        at = match.p.start;
        if (group !== all || main.length === all.length) break;
        // Matched only an exception's figure while the rule's figure differs: the rule decides,
        // unless the assertion is about the exception ("may extend … in six-month increments").
        const mainConflict = main.map((p) => ({ p, r: compareQuantity(q, p) })).find((x) => x.r === 'conflict');
        if (mainConflict !== undefined && !speaksToCondition(a, sentence, match.p.start)) {
          decided = { kind: 'quantity-conflict', assertionWords: q.text, provisionWords: mainConflict.p.text, strength: 0.6 };
        }
        break;
      }
      if (decided === null) {
        const conflict = rel.find((x) => x.r === 'conflict');
        if (conflict !== undefined) {
          decided = { kind: 'quantity-conflict', assertionWords: q.text, provisionWords: conflict.p.text, strength: 0.9 };
          at = conflict.p.start;
        }
      }
    }
    // A frequency only contradicts: "the annual report" names the report more than it claims how
    // often it comes, and as support it outweighed the actor the assertion changed. So does an
    // ordinal: "the first day" names the day as much as it claims which one.
    if (decided !== null && ((q.kind !== 'frequency' && q.kind !== 'ordinal') || decided.kind === 'quantity-conflict')) out.push({ finding: decided, at });
  }
  return out;
}

/**
 * The ";" clause of `sentence` that shares the most of a plain statement's words, when it has no
 * modal of its own: "the obligation of the other party ... is not suspended; but said party may
 * move the court" states the first clause plainly, whatever the second permits. Null otherwise.
 */
function modalFreeClause(a: AssertionFacts, sentence: string): string | null {
  const clauses = sentence.split(/;\s*/);
  if (clauses.length < 2) return null;
  const shared = (text: string) => new Set(contentStems(text).filter((w) => a.stems.has(w))).size;
  const scored = clauses.map((text) => ({ text, n: shared(text) })).sort((x, y) => y.n - x.n);
  const [best, next] = scored;
  if (best === undefined || next === undefined || best.n <= next.n || findModalCues(best.text).length > 0) return null;
  return best.text;
}

/** The words of `cue`'s own clause before it (clauseStartOf): the Mayor who devises is not the subject of "and an employer shall post". */
function ownSubject(sentence: string, cue: ModalCue): string {
  return sentence.slice(clauseStartOf(sentence, cue), cue.start);
}

/** The holders of the sentence's other modals that govern the assertion's action. */
function holdersOfAction(sentence: string, cue: ModalCue, a: AssertionFacts): Array<string | null> {
  return findModalCues(sentence)
    .filter((c) => c !== cue && (a.action === null || governs(sentence, c, a.action, a.predicate)))
    .map((c) => dutyHolder(sentence, c));
}

/**
 * Whether the negation at `at` sits in a relative clause ("goods to which he has not title, upon
 * which there is a lien") none of whose content words `others` holds: it describes a noun the other
 * text does not speak of. "The tenant who does not pay rent" against "a tenant who pays rent" shares
 * the clause's words, and its negation counts.
 */
function asideNegation(text: string, at: number, others: Set<string>): boolean {
  // The nearest relative pronoun before it, in the same stretch between commas.
  const relative = /^(.*)\b(?:which|who|whom|whose)\b(?=[^,;:]*$)/is.exec(text.slice(0, at));
  if (relative === null) return false;
  const end = text.slice(at).search(/[,;:]/);
  const clause = text.slice((relative[1] as string).length, end < 0 ? text.length : at + end);
  return !contentStems(clause).some((s) => others.has(s));
}

/** A conditional clause open at the end of the text: "If the Council". */
const CONDITION_BEFORE = /\b(?:if|when|whenever|unless|until|where|while)\b[^,;:]*$/i;
/** A plain statement's negated verb: "are not treated", "does not apply" (the verb in group 1). */
const NEGATED_VERB = /\b(?:is|are|was|were|does|do|did)\s+not\s+([a-z]+)/i;

/**
 * The conflict when a plain statement negates its own verb ("Photographs ... are not treated as
 * originals") and a positive modal of the sentence governs that verb ("... and shall be treated as
 * originals"), whichever of the sentence's modals governs the rest. Only the verb's own negation
 * counts: a negated modifier ("a person not affiliated") says nothing of the modal. Null otherwise.
 */
function deniedByModal(a: AssertionFacts, sentence: string): Finding | null {
  if (a.cue.modality !== 'statement' || a.negations.length % 2 !== 1) return null;
  const denied = NEGATED_VERB.exec(a.text);
  // "If the Council does not approve ..., the rules are deemed approved": a condition's negation.
  if (denied === null || CONDITION_BEFORE.test(a.text.slice(0, denied.index))) return null;
  const verb = contentStems(denied[1] as string)[0];
  if (verb === undefined) return null;
  // A declaring "shall be treated as" counts too: it says what is so, which the assertion denies.
  // "Nothing ... shall be construed as affecting" is itself a denial, whatever modality it grants.
  const positive = (c: ModalCue) => !/^nothing\b/i.test(c.text) && (c.modality === 'obligation' || c.modality === 'permission' || declaresWhatMustHold(c));
  const granting = findModalCues(sentence).find((c) => positive(c) && governsVerb(sentence, c, verb));
  if (granting === undefined) return null;
  // Quoted through the verb it governs: "shall be treated", "shall be prima facie evidence".
  const after = sentence.slice(granting.end);
  const at = [...after.matchAll(/[a-z]+/gi)].find((m) => contentStems(m[0])[0] === verb || verbStem(m[0]) === verbStem(verb));
  const through = at === undefined ? '' : after.slice(0, at.index + at[0].length);
  return { kind: 'modality-conflict', assertionWords: denied[0], provisionWords: `${granting.text}${through}`, strength: 0.7 };
}

/** A relative pronoun right before a modal: "which shall be pending", "who may have succeeded". */
const RELATIVE_BEFORE = /\b(?:which|who|whom)\s+$/i;

/** The modal that governs the sentence: skips cues inside a leading "If …," clause. `figureAt`: where the
 *  provision's figure the assertion speaks of sits, or -1. */
function governingCue(sentence: string, a: AssertionFacts, figureAt: number): ModalCue | null {
  const cues = findModalCues(sentence);
  if (cues.length === 0) return null;
  const leading = /^\s*(?:\([\w-]+\)\s*)*(?:if|when|whenever|unless|where|except|in\s+the\s+event|notwithstanding|subject\s+to)\b[^,]*,/i.exec(sentence);
  const usable = leading === null ? cues : cues.filter((c) => c.start >= leading[0].length);
  if (usable.length <= 1) return usable[0] ?? cues[0] ?? null;
  // The figure the assertion turns on tells which clause it is about: the modal before that figure governs it.
  const beforeFigure = usable.filter((c) => c.start < figureAt);
  const last = beforeFigure[beforeFigure.length - 1];
  if (last !== undefined) return last;
  const action = a.action;
  if (action !== null) {
    // The modal before the assertion's own verb, else the one whose clause holds what follows it.
    const governing = usable.find((c) => governsVerb(sentence, c, action)) ?? usable.find((c) => samePredicate(predicateClause(sentence, c), a.predicate));
    if (governing !== undefined) return governing;
  }
  // Several modals ("X shall …; except, that X shall not … if …"): take the one whose clause shares the
  // most of the assertion's words, then the one whose holder is the assertion's, then the first. A
  // modal in a relative clause describes a noun ("any cause which shall be pending") and governs
  // nothing the sentence says of it, so it is passed over while another remains.
  const main = usable.filter((c) => !RELATIVE_BEFORE.test(sentence.slice(Math.max(0, c.start - 12), c.start)));
  let best: ModalCue | null = null;
  let bestScore = -1;
  (main.length > 0 ? main : usable).forEach((c, i, list) => {
    const clauseEnd = list[i + 1]?.start ?? sentence.length;
    const clauseStart = i === 0 ? 0 : c.start - 60;
    const words = contentStems(sentence.slice(Math.max(0, clauseStart), clauseEnd));
    let score = new Set(words.filter((w) => a.stems.has(w))).size;
    if (a.holder !== null && dutyHolder(sentence, c) === a.holder) score += 0.5;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  });
  return best;
}

/**
 * Whether the assertion's words sit more in the trailing condition or exception clause that holds
 * the figure at `at` than in the rule before it: then that clause, not the rule, is what it states.
 */
function speaksToCondition(a: AssertionFacts, sentence: string, at: number): boolean {
  const head = sentence.slice(0, at);
  const opener = /(?:^|[,;]\s*(?:or\s+|and\s+)?)(?:if|unless|except|provided|where|when)\b/gi;
  let split = -1;
  for (let m = opener.exec(head); m !== null; m = opener.exec(head)) split = m.index;
  if (split < 0) return false;
  const share = (text: string) => {
    const stems = new Set(contentStems(text));
    return [...a.stems].filter((s) => stems.has(s)).length;
  };
  return share(sentence.slice(split)) > share(sentence.slice(0, split));
}

function speaksInException(a: AssertionFacts, sentence: string, cue: ModalCue): boolean {
  const rest = sentence.slice(cue.end);
  const m = EXCEPTION_RE.exec(rest);
  if (m === null) return false;
  // The excepted case ends where the forbidden thing resumes: "shall not ... disclose to any person
  // other than appropriate officials of the Environmental Protection Agency ... any secret formulae"
  // excepts the officials, not the formulae.
  const excepted = rest.slice(m.index);
  // At least three words in: "except to any of its employees" excepts the employees.
  const resumes = /^\S+(?:\s+\S+){3,}?\s+(?=any\s+(?!of\b))/i.exec(excepted);
  const exception = (resumes === null ? excepted : resumes[0]).toLowerCase();
  const hits = a.keyWords.filter((w) => exception.includes(w.slice(0, Math.max(4, w.length - 2))));
  return hits.length > 0;
}

const AUXILIARY = new Set(['be', 'been', 'have', 'not', 'also', 'only', 'hereby', 'further', 'promptly', 'immediately', 'generally', 'choose', 'elect']);
/** Verbs that only say the action goes on ("may keep receiving", "may continue to serve"): the action is the verb after them. */
const CONTINUATIVE = new Set(['keep', 'continue', 'begin', 'start']);

/** The stem of the first content word after the modal cue: the action it governs. */
function actionAfter(text: string, cue: ModalCue): string | null {
  if (cue.text === '') return null;
  const words = text.slice(cue.end).toLowerCase().match(/[a-z]+/g) ?? [];
  for (const [i, w] of words.slice(0, 4).entries()) {
    if (AUXILIARY.has(w)) continue;
    const next = words[i + 1];
    if (CONTINUATIVE.has(w) && next !== undefined && (next === 'to' || next.endsWith('ing'))) continue;
    if (w === 'to') continue;
    return contentStems(w)[0] ?? null;
  }
  return null;
}

/**
 * Whether the modal governs the action: the action stem occurs within the few words after the cue
 * (its verb phrase), or heads a verb coordinated with it later in the same clause ("may elect to
 * claim compensation under this chapter, or to maintain an action at law").
 */
function governs(sentence: string, cue: ModalCue, action: string, predicate: string[]): boolean {
  return governsVerb(sentence, cue, action) || samePredicate(predicateClause(sentence, cue), predicate);
}

function governsVerb(sentence: string, cue: ModalCue, action: string): boolean {
  // A gerund after a preposition is an adjunct, not the modal's verb: in "shall not be included in
  // determining the aggregate amount" nothing forbids determining it.
  // An aside set off by commas right after the modal ("may, at reasonable times and under reasonable
  // circumstances, enter") does not use up the window, as a parenthesis does not in predicateClause.
  const from = cue.end + (/^\s*,[^,;]{1,100},/.exec(sentence.slice(cue.end))?.[0].length ?? 0);
  // The next modal opens a clause of its own: "the verdict shall find the facts, and the plaintiff
  // may recover" gives "recover" to "may", not to "shall".
  const next = findModalCues(sentence).find((c) => c.start >= cue.end)?.start ?? sentence.length;
  const window = sentence.slice(from, Math.min(from + 60, next)).replace(ADJUNCT_GERUND_RE, ' ');
  if (contentStems(window).includes(action)) return true;
  // An irregular participle is its verb: "shall not be declared or paid" governs "pay".
  const base = verbStem(action);
  if ((window.match(/[a-z]+/gi) ?? []).some((w) => isIrregularParticiple(w.toLowerCase()) && verbStem(w) === base)) return true;
  const clause = /^[^;:.]*/.exec(sentence.slice(cue.end, Math.min(cue.end + 240, next)))?.[0] ?? '';
  for (const m of clause.matchAll(/,?\s+(?:or|and)\s+(?:to\s+)?([a-z]+)/gi)) {
    if (contentStems(m[1] ?? '')[0] === action) return true;
  }
  return false;
}

const ADJUNCT_GERUND_RE = /\b(?:in|for|by|of|after|before|upon|on|without|when|while)\s+[a-z]+ing\b/gi;

/** What a provision's modal governs: the words after it, up to the next modal or semicolon. */
function predicateClause(sentence: string, cue: ModalCue): string {
  const next = findModalCues(sentence).find((c) => c.start >= cue.end)?.start ?? sentence.length;
  // A parenthesis ("(as defined in section 30102 of title 49)") is an aside: it does not use up the window.
  const text = sentence.slice(cue.end, next).replace(/\([^()]*\)/g, '').slice(0, PREDICATE_WINDOW);
  return /^[^;]*/.exec(text)?.[0] ?? text;
}

/** Characters after a provision's modal read for the assertion's object and complements. */
const PREDICATE_WINDOW = 300;
/** Fewer words after the action than this say too little to stand for it. */
const MIN_PREDICATE = 3;
/**
 * Share of those words the provision's clause must hold. At 0.6 a contract's modal governed many
 * more hypotheses of ContractNLI, whose accuracy fell from 61.0% to 58.9%; at 0.8 it is 60.7%, with
 * dev half A's and the tuning assertions' gains kept but one (tchk5-us-01c, whose object fell past
 * PREDICATE_WINDOW until a parenthesis stopped counting toward it).
 */
const PREDICATE_SHARE = 0.8;

/**
 * Whether the clause after a provision's modal holds most of what follows the assertion's action:
 * "may utilize … any motor vehicle placed at its disposition … to tow Federal Government property"
 * governs "may not use a motor vehicle placed at its disposition … to tow Federal Government
 * property", whatever verb each chose.
 */
function samePredicate(clause: string, predicate: string[]): boolean {
  if (predicate.length < MIN_PREDICATE) return false;
  const held = new Set(contentStems(clause));
  return predicate.filter((s) => held.has(s)).length >= PREDICATE_SHARE * predicate.length;
}

/** Distinct content stems after the action the assertion's modal governs, up to the end of its clause. */
function predicateAfter(text: string, cue: ModalCue, action: string | null): string[] {
  if (cue.text === '' || action === null) return [];
  const clause = /^[^;:.]*/.exec(text.slice(cue.end))?.[0] ?? '';
  return [...new Set(contentStems(clause))].filter((s) => s !== action && weighsForTopic(s));
}

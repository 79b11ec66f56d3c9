// Deontic modality and polarity of a legal sentence: who must, may, must not, or need not.
import { isIrregularParticiple } from '../../../text/irregular-verbs.js';

/** obligation: shall/must; permission: may/is entitled to; prohibition: shall not/may not/no X shall;
 *  no-obligation: is not required to/need not; statement: definitional or no modal at all. */
export type Modality = 'obligation' | 'permission' | 'prohibition' | 'no-obligation' | 'statement';

export interface ModalCue {
  modality: Modality;
  /** The words that carry it, verbatim, and their offsets. */
  text: string;
  start: number;
  end: number;
}

// Order matters: at one position the first alternative that matches wins, so the longer and the
// negated forms come before the bare modal ("shall not be required to" before "shall not" before "shall").
const CUES: Array<[Modality, string]> = [
  ['permission', String.raw`nothing(?:\s+[\w'’,.-]+){0,10}?\s+(?:shall|will|may|is\s+intended\s+to)\s+(?:be\s+(?:construed|deemed|interpreted)\s+(?:to|as)\s+)?(?:prohibit|prevent|restrict|limit|preclude|restrain|bar|impair|affect|apply\s+to)\w*`],
  ['prohibition', String.raw`nothing(?:\s+[\w'’,.-]+){0,10}?\s+(?:shall|will|may)`],
  ['no-obligation', String.raw`(?:is|are|shall\s+not\s+be|will\s+not\s+be|be)\s+not\s+(?:required|obligated|obliged|bound|compelled)\s+to|(?:shall|will|may|must)\s+not\s+be\s+(?:required|obligated|obliged|compelled|forced|bound)\s+to|(?:is|are)\s+not\s+(?:required|obligated|obliged|bound|compelled)\s+to|need\s+not|(?:does|do|did)\s+not\s+(?:have|need)\s+to|(?:cannot|can\s+not|can['’]t)\s+be\s+(?:required|compelled|forced|made)\s+to|(?:is|are)\s+under\s+no\s+obligation\s+to|(?:has|have|shall\s+have|will\s+have|bears?)\s+no\s+(?:obligation|duty)\s+to|(?:is|are)\s+not\s+compellable|(?:is|are|shall\s+be|will\s+be|be)\s+exempt(?:ed)?\s+from(?=\s+[a-z]+ing\b)`],
  // A clause that opens with "No" forbids, however long its subject: "No such repeal nor any
  // amendment or revision of the Constitution of Virginia shall affect any penalty". Inside a clause
  // "no" is read as the subject's only within four words of the modal, since "a person who has no
  // permit issued by the Mayor shall pay" obliges. (Tune checks 131 to 132 of 144; dev halves,
  // the new checks and ContractNLI unchanged.)
  ['prohibition', String.raw`nor\s+(?:shall|must|may|will|should|can)|(?:shall|must|may|will|should)\s+not|(?:shall|must|may|will|can)\s+no\s+longer|(?:shall|may|must|can|could|will)\s+never|cannot|can\s+not|can['’]t|won['’]t|mustn['’]t|shan['’]t|(?:is|are|be)\s+(?:prohibited|forbidden|barred|precluded|restricted)\s+from|(?:is|are|be)\s+(?:not\s+)?(?:prohibited|forbidden)\s+to|(?:is|are)\s+not\s+(?:permitted|allowed|authorized|entitled)\s+to|(?:has|have|shall\s+have)\s+no\s+right\s+to|(?:agrees?|undertakes?|covenants?)\s+not\s+to|shall\s+refrain\s+from|(?:shall|will|may)\s+in\s+no\s+(?:event|case|way)|(?<=(?:^|[;:.]\s*|\)\s*))no\s+(?:[a-z0-9'’-]+\s+){0,14}?(?:shall|may|must|will)(?!\s+not)|no\s+(?:[a-z0-9'’-]+\s+){0,4}?(?:shall|may|must|will)(?!\s+not)`],
  // A grant interrupted by an aside between commas: "shall have the right, beginning at the date
  // ..., to apply", "is authorized, under such regulations as the Council may prescribe, to sell".
  ['permission', String.raw`(?:(?:shall|will)\s+have|has|have)\s+the\s+right,[^;.]{1,300}?,\s+to|(?:shall\s+be|will\s+be|is|are)\s+(?:entitled|permitted|allowed|authorized|empowered),[^;.]{1,300}?,\s+to(?=\s)`],
  ['permission', String.raw`(?:shall|will)\s+(?:be\s+)?(?:entitled|permitted|allowed|authorized|free)\s+to|(?:shall|will)\s+have\s+the\s+right\s+to|(?:is|are)\s+(?:entitled|permitted|allowed|authorized|free)\s+to|(?:has|have)\s+the\s+right\s+to|may|can|could`],
  ['obligation', String.raw`(?:is|are|shall\s+be|will\s+be)\s+(?:required|obligated|obliged|bound)\s+to|(?:has|have|shall\s+have)\s+(?:a|the)\s+duty\s+to|(?:has|have)\s+to|(?:agrees?|undertakes?|covenants?)\s+to|shall|must|will|(?:is|are)\s+responsible\s+for`],
];
const CUE_RE = new RegExp(CUES.map(([, src]) => `\\b(${src})\\b`).join('|'), 'gi');

// After "shall"/"may", these verbs define or describe rather than impose: "shall include", "may include".
// "Apply" does so as "shall apply to"; "may apply for a license" asks for something, an act permitted.
const STATIVE_AFTER = /^\s+(?:not\s+)?(?:be\s+(?:deemed|construed|considered|treated|interpreted|defined|regarded)|include|includes|including|mean|means|be\s+(?:effective|valid|void|null|invalid|enforceable|a|an|the|part\s+of)|constitute|consist|survive|remain|continue|apply(?!\s+for\b)|expire|become|have\s+the\s+meaning|refer|cover)\b/i;

/**
 * "shall be" before a noun or adjective declares what something is ("shall be prima facie evidence",
 * "shall be eligible"), as "is" would; before a participle it imposes a duty on someone ("shall be
 * paid", "shall be kept on file"), and so do "shall be responsible" and "shall be accountable",
 * which are adjectives naming a duty. A negated plain statement is compared with the former as a
 * statement (negation against negation), not as a modal.
 */
function declaresState(after: string): boolean {
  const next = /^\s+be\s+([a-z][\w-]*)/i.exec(after)?.[1]?.toLowerCase();
  if (next === undefined) return false;
  return !(/(?:ed|en)$/.test(next) || isIrregularParticiple(next) || next === 'responsible' || next === 'accountable');
}

/** Every modal cue in `text`, in order. */
export function findModalCues(text: string): ModalCue[] {
  const cues: ModalCue[] = [];
  CUE_RE.lastIndex = 0;
  for (let m = CUE_RE.exec(text); m !== null; m = CUE_RE.exec(text)) {
    const group = m.slice(1).findIndex((g) => g !== undefined);
    const entry = CUES[group];
    if (entry === undefined) continue;
    let modality = entry[0];
    const end = m.index + m[0].length;
    if (modality === 'prohibition' && /^no\s+(?:later|more|less|sooner|earlier|fewer|greater)\b/i.test(m[0])) continue;
    if ((modality === 'obligation' || modality === 'permission') && /^(?:shall|may|must|will|can|could)$/i.test(m[0]) && STATIVE_AFTER.test(text.slice(end))) {
      modality = 'statement';
    }
    if (modality === 'obligation' && /^(?:shall|must|will)$/i.test(m[0]) && declaresState(text.slice(end))) modality = 'statement';
    if (modality === 'permission' && /^(?:can|could)$/i.test(m[0]) && !/^\s+\w/.test(text.slice(end))) continue;
    cues.push({ modality, text: m[0], start: m.index, end });
  }
  return cues;
}

/**
 * A bare "shall"/"must" read as a statement because it declares ("shall be accurate", "shall be
 * treated as originals"): still what must hold, against an assertion that denies it must.
 */
export function declaresWhatMustHold(cue: ModalCue): boolean {
  return cue.modality === 'statement' && /^(?:shall|must)$/i.test(cue.text);
}

/**
 * Where the clause of `cue` starts: after the verb of the modal before it, or at 0. "The Mayor shall
 * devise and an employer shall post": the clause of the second "shall" starts after "devise".
 */
export function clauseStartOf(text: string, cue: ModalCue): number {
  const previous = findModalCues(text).filter((c) => c.end <= cue.start).at(-1);
  return previous === undefined ? 0 : previous.end + (/^\s+(?:not\s+)?[\w'’-]+/.exec(text.slice(previous.end))?.[0].length ?? 0);
}

/** The sentence's governing modality: its first modal cue, or 'statement' when it has none. */
export function mainModality(text: string): ModalCue {
  const first = findModalCues(text)[0];
  return first ?? { modality: 'statement', text: '', start: 0, end: 0 };
}

const NEGATION_RE = /\b(?:not|never|no\s+longer|neither|nor|none|nobody|nothing)\b|n['’]t\b/gi;

/** Negation words outside modal cues ("is not liable", "never"); "no" as a determiner and "without"/"unless" excluded. */
export function statementNegations(text: string): string[] {
  return negationsAt(text).map((n) => n.word);
}

/** statementNegations with where each one is in `text`, for quoting it with its verb. */
export function negationsAt(text: string): Array<{ word: string; at: number }> {
  const cues = findModalCues(text);
  const out: Array<{ word: string; at: number }> = [];
  NEGATION_RE.lastIndex = 0;
  for (let m = NEGATION_RE.exec(text); m !== null; m = NEGATION_RE.exec(text)) {
    const at = m.index;
    if (cues.some((c) => at >= c.start && at < c.end)) continue;
    // Idioms that negate nothing: "including but not limited to", "whether or not", "not only".
    if (/^not\s+(?:limited\s+to|only)\b/i.test(text.slice(at)) || /\b(?:whether\s+or|if)\s+$/i.test(text.slice(Math.max(0, at - 12), at))) continue;
    out.push({ word: m[0], at });
  }
  return out;
}

export type ModalityRelation = 'agree' | 'conflict' | 'weak-conflict' | 'unknown';

/** Whether an assertion's modality agrees with a provision's, e.g. 'may' against 'shall not' is a conflict. */
export function compareModality(assertion: Modality, provision: Modality): ModalityRelation {
  if (assertion === provision) return 'agree';
  const positive = (m: Modality): boolean => m === 'obligation' || m === 'permission' || m === 'statement';
  if (assertion === 'statement' || provision === 'statement') {
    // A bare statement ("the tenant gives notice") reads as positive: it agrees with shall/may, not with shall not.
    const other = assertion === 'statement' ? provision : assertion;
    if (other === 'no-obligation') return 'unknown';
    return positive(other) ? 'agree' : 'weak-conflict';
  }
  if (positive(assertion) !== positive(provision)) {
    // "may" against "need not", or "shall not" against "need not": compatible readings exist.
    if ((assertion === 'permission' && provision === 'no-obligation') || (assertion === 'no-obligation' && provision === 'permission')) return 'unknown';
    if ((assertion === 'prohibition' && provision === 'no-obligation') || (assertion === 'no-obligation' && provision === 'prohibition')) return 'weak-conflict';
    return 'conflict';
  }
  // shall against may: the contract treats a changed modality as a contradiction.
  return 'conflict';
}

const COMPLEMENT_RE = /\b(?:other\s+than|except(?:\s+for)?|apart\s+from|besides|beyond|outside(?:\s+of)?)\b/i;
const RESTRICTION_RE = /\b(?:only|solely|exclusively|for\s+no\s+other|and\s+no\s+other)\b/i;
/** How far after a modal cue its clause is read for "only …" or "other than …" (characters). */
const CLAUSE_WINDOW = 200;
/** Characters after a cue read as its verb phrase. */
const VERB_PHRASE_WINDOW = 60;

/**
 * The modality a cue imposes on its clause: "shall use it only for the Purpose" obliges no use, it
 * bounds a permitted one, so an obligation whose verb phrase says "only"/"solely" reads as permission.
 */
export function effectiveModality(text: string, cue: ModalCue): Modality {
  if (cue.modality !== 'obligation') return cue.modality;
  return RESTRICTION_RE.test(text.slice(cue.end, cue.end + VERB_PHRASE_WINDOW)) ? 'permission' : 'obligation';
}

/**
 * Whether two clauses of opposite polarity say the same thing as a restriction and the prohibition
 * of its complement: "may use it only for the Purpose" is "shall not use it for any purpose other
 * than the Purpose". Pure; `a`/`b` are texts with the modal cue each is read from.
 */
export function sameRestriction(a: { text: string; cue: ModalCue }, b: { text: string; cue: ModalCue }): boolean {
  // The cue belongs to its clause: "no other than such persons shall vote" forbids the complement in the cue itself.
  const clause = (x: { text: string; cue: ModalCue }) => x.text.slice(x.cue.start, x.cue.end + CLAUSE_WINDOW);
  // "only" anywhere in the cue's own clause before it ("only the persons associating themselves together may vote").
  const opening = (x: { text: string; cue: ModalCue }) => {
    const before = x.text.slice(Math.max(0, x.cue.start - CLAUSE_WINDOW), x.cue.start);
    return before.slice(before.search(/[^,;:.]*$/));
  };
  const restricts = (x: { text: string; cue: ModalCue }) =>
    (x.cue.modality === 'obligation' || x.cue.modality === 'permission') && RESTRICTION_RE.test(opening(x) + x.text.slice(x.cue.start, x.cue.end + CLAUSE_WINDOW));
  const forbidsComplement = (x: { text: string; cue: ModalCue }) => x.cue.modality === 'prohibition' && COMPLEMENT_RE.test(clause(x));
  return (restricts(a) && forbidsComplement(b)) || (forbidsComplement(a) && restricts(b));
}

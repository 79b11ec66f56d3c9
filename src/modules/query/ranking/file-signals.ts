import { tokenize, foldWord } from '../../../text/tokens.js';
import { isStopword } from '../../../text/stopwords.js';
import type { QueryAnalysis } from '../../../text/query-analysis.js';
import { AGREEMENT_TYPE_WORDS } from '../../../text/agreement-type-words.js';
import { COMMON_NAME_WORDS, CORPORATE_SUFFIXES } from './name-words.js';

/** One party (or other proper name) a file is known by. */
export interface PartySignal {
  /** Folded words, corporate suffixes removed: "Adams Golf, Ltd." → ["adams", "golf"]. */
  words: string[];
  /** The words run together: "adamsgolf", which is also how EDGAR file names write it. */
  compact: string;
  /** The words that can name the party on their own (not "the", "services", "agreement"). */
  distinctive: string[];
}

/** What a file's name (and optionally its opening) says about it, for matching questions to files. */
export interface FileSignals {
  parties: PartySignal[];
  /** Porter stems of agreement-type title words ("distributor", "endors"), without "agreement"/"contract". */
  typeStems: string[];
  /** ISO dates from the name ("2010-09-01"). */
  dates: string[];
  /** A readable title for answers: "Distributor Agreement (Accuray)". */
  title: string;
}

/** Type words so generic that a question naming them says nothing about which file it means. */
const GENERIC_TYPE_WORDS = new Set(['agreement', 'agreements', 'agmt', 'agree', 'contract', 'contracts', 'contr']);

// EDGAR exhibit names in CUAD, old style: PARTY_MM_DD_YYYY-EX-10.31-DISTRIBUTOR AGREEMENT
const OLD_STYLE = /^(?<party>.+?)_(?<mm>\d{2})_(?<dd>\d{2})_(?<yyyy>\d{4})-EX[^-]*-[^-]*-(?:\d+-)?(?<title>.*)$/;
// New style: PartyCamel_YYYYMMDD_FORM_EX-10.1_11911128_EX-10.1_Supply Agreement
const NEW_STYLE = /^(?<party>[^_]+)_(?<yyyy>\d{4})(?<mm>\d{2})(?<dd>\d{2})_.*?_\d{5,}_EX[^_]*_(?<title>.*)$/;
const DOCUMENT_EXTENSION = /\.(?:txt|pdf|docx?|rtf|odt|html?|xlsx?|csv|eml|msg|md)$/i;

/** Splits "ArconicRolledProductsCorp" and "2ThemartComInc" at case changes; all-caps words stay whole. */
function splitCamel(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

/** Folded words of a party name, corporate suffixes dropped from the end (also when glued on: "ACCURAYINC"). */
export function partyWords(name: string): string[] {
  const words = splitCamel(name.replace(/[_.,&]/g, ' '))
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldWord)
    .filter((w) => w !== '' && !(w.length === 1 && /[a-z]/.test(w)));
  while (words.length > 1 && CORPORATE_SUFFIXES.has(words[words.length - 1] ?? '')) words.pop();
  const last = words[words.length - 1];
  // EDGAR writes "ACCURAYINC", "LIMEENERGYCO": a suffix glued to an all-caps name.
  if (last !== undefined && words.length === 1 && /^[A-Z0-9]{6,}/.test(name.trim())) {
    // "BANCORP" is a name word, not BAN + CORP.
    const glued = /bancorp$/.test(last) ? null : /^(.{3,}?)(incorporated|corporation|company|limited|corp|inc|ltd|llc|plc|co|lp)$/.exec(last);
    if (glued?.[1]) words[words.length - 1] = glued[1];
  }
  return words;
}

function party(name: string): PartySignal | null {
  const words = partyWords(name);
  if (words.length === 0) return null;
  return partyOf(words);
}

function partyOf(words: string[]): PartySignal {
  return { words, compact: words.join(''), distinctive: words.filter((w) => !weakWord(w)) };
}

/** "DISTRIBUTOR AGREEMENT" → "Distributor Agreement"; short all-caps words ("NDA", "IP") and mixed case stay. */
function titleCase(text: string): string {
  if (!/\p{Ll}/u.test(text)) {
    return text.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_m, pre: string, c: string) => pre + c.toUpperCase());
  }
  return text.replace(/\p{Lu}{4,}/gu, (word) => word.charAt(0) + word.slice(1).toLowerCase());
}

function cleanTitle(title: string): string {
  return titleCase(
    title
      .replace(/_\s*/g, ' / ')
      .replace(/(\p{L})\d+$/u, '$1')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

function isoDate(yyyy: string, mm: string, dd: string): string | null {
  const y = Number(yyyy);
  const m = Number(mm);
  const d = Number(dd);
  if (y < 1900 || y > 2099 || m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/**
 * Reads a file name: party (CamelCase and all-caps EDGAR names, corporate suffixes removed),
 * agreement-type words, dates as ISO, and other title words that are names ("NANTZ", "BISYS"),
 * which count as parties. Works on CUAD's EDGAR names and on ordinary names ("Acme - NDA.pdf").
 */
export function fileNameSignals(fileName: string): FileSignals {
  const base = fileName.replace(DOCUMENT_EXTENSION, '').trim();
  const edgar = OLD_STYLE.exec(base) ?? NEW_STYLE.exec(base);
  let partyText = '';
  let titleText = base;
  const dates: string[] = [];
  if (edgar?.groups) {
    const g = edgar.groups;
    partyText = g.party ?? '';
    titleText = g.title ?? '';
    const iso = isoDate(g.yyyy ?? '', g.mm ?? '', g.dd ?? '');
    if (iso) dates.push(iso);
  } else {
    const dash = / +- +/.exec(base);
    if (dash) {
      partyText = base.slice(0, dash.index);
      titleText = base.slice(dash.index + dash[0].length);
    }
    for (const m of base.matchAll(/(?<![\d])((?:19|20)\d{2})(?:[-_.]?(\d{2})[-_.]?(\d{2}))?(?!\d)/g)) {
      const iso = m[2] && m[3] ? isoDate(m[1] ?? '', m[2], m[3]) : null;
      dates.push(iso ?? m[1] ?? '');
    }
  }

  const parties: PartySignal[] = [];
  const main = partyText ? party(partyText) : null;
  if (main) parties.push(main);
  const typeStems: string[] = [];
  for (const t of tokenize(splitCamel(titleText.replace(/_/g, ' ')))) {
    const norm = t.norm.replace(/\d+$/, '');
    if (norm.length < 2 || /^\d/.test(t.norm)) continue;
    if (AGREEMENT_TYPE_WORDS.has(norm) || CORPORATE_SUFFIXES.has(norm) || isStopword(norm, 'documents')) {
      addTypeStem(typeStems, norm, t.stem);
      continue;
    }
    // Any other title word is a name: "PROMOTION AGREEMENT AND NANTZ COMMUNICATIONS" (but not
    // "communications", which names half the companies on EDGAR).
    if (COMMON_NAME_WORDS.has(norm)) continue;
    if (!parties.some((p) => p.words.includes(norm))) parties.push(partyOf([norm]));
  }

  const typeTitle = cleanTitle(titleText);
  const partyTitle = main ? titleCase(splitCamel(partyText).replace(/[_,]+/g, ' ').trim()) : '';
  const shortParty = main ? displayParty(partyTitle, main) : '';
  const title = typeTitle && shortParty ? `${typeTitle} (${shortParty})` : typeTitle || shortParty || base;
  return { parties, typeStems, dates: dates.filter((d) => d !== ''), title };
}

/** Adds an agreement-type word's stem ("distributor", "amend"), unless generic ("agreement") or already there. */
function addTypeStem(typeStems: string[], norm: string, stem: string): void {
  if (AGREEMENT_TYPE_WORDS.has(norm) && !GENERIC_TYPE_WORDS.has(norm) && !isStopword(norm, 'documents') && !typeStems.includes(stem)) typeStems.push(stem);
}

/**
 * Signals with the type words of the document's own heading added ("Amendment No. 3 to the
 * Distributor Agreement"): an amendment or schedule filed under its agreement's file name is then
 * told from the agreement by a question that names it so.
 */
export function withHeadingTypes(signals: FileSignals, heading: string): FileSignals {
  const typeStems = [...signals.typeStems];
  for (const t of tokenize(heading)) addTypeStem(typeStems, t.norm, t.stem);
  return typeStems.length === signals.typeStems.length ? signals : { ...signals, typeStems };
}

/** The party as written, cut before its corporate suffix: "Accurayinc" → "Accuray". */
function displayParty(written: string, p: PartySignal): string {
  const words = written.split(/\s+/).filter((w) => w !== '');
  const kept = words.slice(0, Math.max(1, p.words.length));
  const text = kept.join(' ');
  const compactLength = p.compact.length;
  // A glued suffix ("Accurayinc") was removed from the words: cut it from the display too.
  return kept.length === 1 && foldWord(text).length > compactLength ? text.slice(0, compactLength) : text;
}

/** Signals with more party names added (from the contract's opening, see partyNamesFromText). */
export function withParties(signals: FileSignals, names: string[]): FileSignals {
  const parties = [...signals.parties];
  for (const name of names) {
    const p = party(name);
    if (p && !parties.some((q) => q.compact === p.compact)) parties.push(p);
  }
  return { ...signals, parties };
}

/** True for a word that cannot name a party on its own. */
function weakWord(norm: string): boolean {
  return norm.length < 3 || isStopword(norm, 'documents') || COMMON_NAME_WORDS.has(norm) || AGREEMENT_TYPE_WORDS.has(norm) || /^\d+$/.test(norm);
}

/** The question's words read once for scoring many files' parties against them. */
interface QuestionWords {
  words: string[];
  present: Set<string>;
  /** First five letters of every run of 1-5 consecutive words that could start a party name. */
  runStarts: Set<string>;
  /** Runs shorter than five letters, whole (a short name can only be matched exactly). */
  shortRuns: Set<string>;
}

function questionWords(words: string[]): QuestionWords {
  const runStarts = new Set<string>();
  const shortRuns = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let k = i; k < Math.min(words.length, i + 5); k++) {
      run += words[k] ?? '';
      if (run.length < 5) shortRuns.add(run);
      else if (!(k === i && weakWord(run))) runStarts.add(run.slice(0, 5));
    }
  }
  return { words, present: new Set(words), runStarts, shortRuns };
}

/** Whether two party signals are one party: a long name and its short name share words or spell one inside the other. */
function sameParty(a: PartySignal, b: PartySignal): boolean {
  return a.distinctive.some((w) => b.distinctive.includes(w)) || a.compact.includes(b.compact) || b.compact.includes(a.compact);
}

/** How strongly the question's words name one party, in [0, 1]. */
function partyStrength(q: QuestionWords, p: PartySignal): number {
  const { distinctive } = p;
  let wordHits = 0;
  for (const w of distinctive) if (q.present.has(w)) wordHits++;
  // Most files' parties share nothing with the question: no run can spell or start the name and
  // none of its words is there. Skipping the run scan for them is what keeps naming a document
  // cheap in a room of 20,000 (the scan below builds up to five runs per question word).
  const mayMatch = p.compact.length < 5 ? q.shortRuns.has(p.compact) : q.runStarts.has(p.compact.slice(0, 5)) || q.present.has(p.compact);
  if (wordHits === 0 && !mayMatch) return 0;
  const { words } = q;
  let best = 0;
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let k = i; k < Math.min(words.length, i + 5); k++) {
      run += words[k] ?? '';
      if (run === p.compact) return 1;
      // "Adams" for ADAMSGOLF, "2TheMart" for 2ThemartCom: a long enough start of the name.
      if (run.length >= 5 && p.compact.startsWith(run) && !(k === i && weakWord(run))) {
        best = Math.max(best, 0.4 + 0.5 * (run.length / p.compact.length));
      }
    }
  }
  if (distinctive.length > 0) best = Math.max(best, 0.75 * (wordHits / distinctive.length));
  return best;
}

/** How strongly the question's dates and years name one of the file's dates, in [0, 1]. */
function dateStrength(analysis: QueryAnalysis, dates: string[]): number {
  if (dates.length === 0) return 0;
  let best = 0;
  for (const d of analysis.dates) {
    for (const f of dates) {
      if (f === d.iso) best = Math.max(best, 0.6);
      else if (f.startsWith(d.iso) || d.iso.startsWith(f)) best = Math.max(best, 0.45);
      else if (f.slice(0, 4) === d.iso.slice(0, 4)) best = Math.max(best, 0.3);
    }
  }
  for (const n of analysis.numbers) {
    if (!/^\d{4}$/.test(n.text) || n.value === null || n.value < 1900 || n.value > 2099) continue;
    if (dates.some((f) => f.startsWith(n.text))) best = Math.max(best, 0.35);
  }
  return best;
}

/** Files by the words that can name them (see namedFileScores), built once per room's signals. */
interface SignalIndex {
  byKey: Map<string, number[]>;
  withDates: number[];
}
const signalIndexes = new WeakMap<Map<number, FileSignals>, SignalIndex>();

function signalIndex(signals: Map<number, FileSignals>): SignalIndex {
  let index = signalIndexes.get(signals);
  if (index) return index;
  index = { byKey: new Map(), withDates: [] };
  const add = (key: string, id: number) => {
    const ids = index!.byKey.get(key);
    if (!ids) index!.byKey.set(key, [id]);
    else if (ids[ids.length - 1] !== id) ids.push(id);
  };
  for (const [id, file] of signals) {
    for (const p of file.parties) {
      for (const w of p.distinctive) add(`w:${w}`, id);
      add(`c:${p.compact}`, id);
      if (p.compact.length >= 5) add(`p:${p.compact.slice(0, 5)}`, id);
    }
    for (const t of file.typeStems) add(`t:${t}`, id);
    if (file.dates.length > 0) index.withDates.push(id);
  }
  signalIndexes.set(signals, index);
  return index;
}

/**
 * Every file the question names at all, with fileMatchScore's score (> 0). Scoring each of 20,000
 * files for every question cost more than the rest of retrieval but the search; the room's files
 * are indexed once by the words that can name them (a party's distinctive words, its name run
 * together and that name's first five letters, type stems; files with dates), so only the files
 * that share one with the question are scored. The scores are exactly fileMatchScore's: any file
 * left out scores 0 (partyStrength, the type and the date score all need one of those to match).
 */
export function namedFileScores(analysis: QueryAnalysis, signals: Map<number, FileSignals>): Map<number, number> {
  const index = signalIndex(signals);
  const read = readQuestion(analysis);
  const { tokens, q } = read;
  const candidates = new Set<number>();
  const take = (key: string) => {
    for (const id of index.byKey.get(key) ?? []) candidates.add(id);
  };
  for (const w of q.present) {
    take(`w:${w}`);
    take(`c:${w}`);
  }
  for (const run of q.shortRuns) take(`c:${run}`);
  for (const run of q.runStarts) take(`p:${run}`);
  for (const t of tokens) take(`t:${t.stem}`);
  if (analysis.dates.length > 0 || analysis.numbers.length > 0) for (const id of index.withDates) candidates.add(id);

  const matchFile = fileMatcher(analysis, read);
  const scores = new Map<number, number>();
  for (const id of candidates) {
    const score = matchFile(signals.get(id)!);
    if (score > 0) scores.set(id, score);
  }
  return scores;
}

/**
 * How strongly a question names this file, in [0, 1]: a party named in full counts most (~0.9),
 * a date or year and agreement-type words add to it; type words alone stay weak (≤ 0.4), because
 * many files are "supply agreements". 0 when the question names nothing of the file.
 */
export function fileMatchScore(analysis: QueryAnalysis, signals: FileSignals): number {
  return fileMatcher(analysis)(signals);
}

/**
 * Whether the question names both files by one party: a party of each that the question names, and
 * the same party (an agreement and its amendments). Two files can be named equally strongly through
 * different words ("Physician Sales & Service" naming one contract's party in full, and another's
 * party "Service"); those are two documents, not one document in parts.
 */
export function namedBySameParty(analysis: QueryAnalysis, a: FileSignals, b: FileSignals): boolean {
  const { q } = readQuestion(analysis);
  const named = (s: FileSignals) => s.parties.filter((p) => partyStrength(q, p) > 0);
  const ofB = named(b);
  return named(a).some((p) => ofB.some((o) => sameParty(p, o)));
}

/** The question's tokens and words as file matching reads them. */
function readQuestion(analysis: QueryAnalysis) {
  const tokens = tokenize(analysis.question);
  return { tokens, q: questionWords(tokens.map((t) => t.norm)) };
}

/** fileMatchScore with the question read once, for scoring every file of a workspace against it. */
export function fileMatcher(analysis: QueryAnalysis, read = readQuestion(analysis)): (signals: FileSignals) => number {
  const { tokens, q } = read;
  const stems = new Set(tokens.map((t) => t.stem));
  return (signals) => {
    // The best-named party, and the best-named other party: a question naming both parties of a
    // contract names it more surely than one naming a party it shares with other contracts. A
    // defined short name ("Accuray") is the same party as its long name and does not count twice.
    // Called for every file of the room on every question: nothing is allocated for the files whose
    // parties the question does not name, which in a large room is nearly all of them.
    let partyScore = 0;
    let secondScore = 0;
    if (signals.parties.some((p) => partyStrength(q, p) > 0)) {
      const strengths = signals.parties.map((p) => ({ p, s: partyStrength(q, p) })).filter((x) => x.s > 0).sort((a, b) => b.s - a.s);
      const first = strengths[0]!;
      partyScore = first.s;
      secondScore = strengths.find((x) => !sameParty(first.p, x.p))?.s ?? 0;
    }
    let typeHits = 0;
    for (const s of signals.typeStems) if (stems.has(s)) typeHits++;
    const typeScore = typeHits === 0 ? 0 : typeHits === 1 ? 0.3 : 0.4;
    const dateScore = dateStrength(analysis, signals.dates);
    const miss = (1 - 0.9 * partyScore) * (1 - 0.9 * secondScore) * (1 - typeScore) * (1 - dateScore);
    return Math.round((1 - miss) * 1000) / 1000;
  };
}

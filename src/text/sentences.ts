import { createRequire } from 'node:module';
import type { Model, WinkMethods } from 'wink-nlp';

/** A piece of an input string; `text === input.slice(start, end)`. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/** Sentences longer than this are cut into clauses at `;`. */
export const LONG_SENTENCE_CHARS = 600;
/** A `;` clause shorter than this is kept with the clause after it, so "provided, however;" is not alone. */
const MIN_CLAUSE_CHARS = 80;

// The model is a few MB of JavaScript: loading it costs ~0.3 s, so it is required on first use only,
// through createRequire because splitSentences must stay synchronous.
let nlp: WinkMethods | null = null;
function winkNlp(): WinkMethods {
  if (nlp === null) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as (model: Model, pipe?: string[]) => WinkMethods;
    const model = require('wink-eng-lite-web-model') as Model;
    // Only sentence boundary detection: no POS/NER/sentiment, which would triple the cost.
    nlp = winkNLP(model, ['sbd']);
  }
  return nlp;
}

/**
 * Abbreviations wink ends a sentence on in legal citations ("Va. Code Ann. § 18.2-10",
 * "(D.C. Cir. 1999)", "Pursuant to Sec. 5"): a sentence ending in one of these continues.
 */
const CONTINUING_ABBREVIATIONS = new Set([
  'ann', 'sec', 'secs', 'subsec', 'cir', 'stat', 'stats', 'pub', 'supp', 'reg', 'regs', 'app', 'cf',
  'v', 'vs', 'art', 'arts', 'para', 'paras', 'par', 'ch', 'chs', 'cl', 'subch', 'pt', 'div', 'tit',
  'et', 'seq', 'id', 'ibid', 'rev', 'amend', 'const', 'cal', 'mass', 'penn', 'fed', 'ct', 'dist',
]);
/** Abbreviations that continue only when a number follows ("No. 5", "Vol. 3", "p. 12"). */
const NUMBER_ABBREVIATIONS = new Set(['no', 'nos', 'vol', 'vols', 'p', 'pp', 'ex', 'exh', 'sch']);

/**
 * A newline then a statute paragraph designation: (a), (1), (A), (i), (a-1), (4A), (xviii).
 * The designation opens a new sentence even when the line before has no period.
 */
const PARAGRAPH_START = /\n[ \t]*(?=\((?:\d{1,3}[A-Za-z]?|[a-z]{1,5}|[A-Z]{1,3})(?:-\d{1,3})?\)(?:\s|\(|$))/g;

/** A fragment that is only an enumerator or a section sign ("1.", "a.", "(b)", "1.1", "§"). */
const BARE_ENUMERATOR =
  /^(?:\([0-9A-Za-z]{1,5}(?:-\d{1,3})?\)|(?:\d{1,3}|[A-Za-z]|[ivxlc]{1,6}|[IVXLC]{1,6})[.)]|\d+(?:\.\d+)+\.?|§+)$/;

interface Range {
  start: number;
  end: number;
}

/**
 * Splits text into sentences with exact offsets into the original string, trimmed of whitespace.
 * Uses wink-nlp's sentence detector, repaired for legal citations, then also breaks at statute
 * paragraph designations that start a line and cuts sentences over ~600 chars at `;`.
 */
export function splitSentences(text: string): Span[] {
  if (text.trim() === '') return [];
  if (isOneSentence(text)) {
    const { start, end } = trim(text, { start: 0, end: text.length });
    return [{ start, end, text: text.slice(start, end) }];
  }
  // Statute versions and passages are immutable and come back query after query: split each once.
  const cached = splitCache.get(text);
  if (cached) return cached;
  const key = detached(text);
  const spans = splitUncached(key);
  remember(key, spans);
  return spans;
}

/** True when splitSentences runs the model for `text` (a stored split is worth keeping): not blank, not one sentence by isOneSentence. */
export function needsSentenceModel(text: string): boolean {
  return text.trim() !== '' && !isOneSentence(text);
}

/**
 * Tells splitSentences what `text` splits into, as `[start, end]` offsets into it, computed earlier by
 * this splitter (sentence-memo.ts: stored with each statute version at import). Offsets that are not
 * ascending ranges inside the text are ignored, as is a text the model would not be asked about.
 */
export function rememberSplit(text: string, offsets: ReadonlyArray<readonly [number, number]>): void {
  if (!needsSentenceModel(text) || splitCache.has(text)) return;
  let last = 0;
  for (const [start, end] of offsets) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < last || end <= start || end > text.length) return;
    last = end;
  }
  const key = detached(text);
  remember(key, offsets.map(([start, end]) => ({ start, end, text: key.slice(start, end) })));
}

/**
 * Which splitter wrote a split: this file's rules (SPLITTER_REVISION) and the wink model under them.
 * A stored split of another splitter is not used (sentence-memo.ts).
 */
export function sentenceSplitter(): string {
  if (splitter === null) {
    const require = createRequire(import.meta.url);
    const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
    splitter = `sentences/${SPLITTER_REVISION} wink-nlp@${version('wink-nlp')} wink-eng-lite-web-model@${version('wink-eng-lite-web-model')}`;
  }
  return splitter;
}

/**
 * Raise this with any change to what splitSentences returns (sentence-memo.test.ts fails until its
 * golden memos are written again), and append a migration that refills the stored memos
 * (statute-sentence-memos.migration.ts): until then, questions split every candidate again.
 */
const SPLITTER_REVISION = 1;
let splitter: string | null = null;

/**
 * True for a text that can only be one sentence: short enough not to be cut at ";", and with no
 * line break and no ".", "!" or "?" before its last character. Most paragraph lines of a statute
 * are. wink reads one in about 90 µs, and splitting took a third of a statute answer's time (CPU
 * profile of the dev ask questions). On 104,000
 * such lines of the shared D.C., U.S., Virginia and Colorado codes and 25,000 of CUAD's contracts,
 * wink and the rules below returned exactly this one span every time.
 */
function isOneSentence(text: string): boolean {
  if (text.length > LONG_SENTENCE_CHARS) return false;
  const body = text.trimEnd();
  return !/[\n\r.!?]/.test(body.slice(0, -1));
}

/**
 * Splits kept, bounded by the characters of their texts (those of a few hundred statute sections,
 * or of a contract's passages), the oldest let go first. Every text that reaches the model is kept,
 * not only long ones: a statute section's paragraph lines are split on their own
 * (provision-units.ts), and keeping those too took a warm ask from 12.2 to 10.4 ms at p50 (in process,
 * the eval's 84 asks of half A and the tune, new and unanswerable sets).
 */
const CACHE_CHARS = 4_000_000;
const splitCache = new Map<string, Span[]>();
let cachedChars = 0;

function remember(key: string, spans: Span[]): void {
  splitCache.set(key, spans);
  cachedChars += key.length;
  for (const oldest of splitCache.keys()) {
    if (cachedChars <= CACHE_CHARS) break;
    splitCache.delete(oldest);
    cachedChars -= oldest.length;
  }
}

/**
 * A copy of a text that holds nothing else: a slice of a longer string (a paragraph line of a
 * section) may be a view into it (a V8 sliced string), and as a key it would keep that whole text
 * alive for as long as the split is kept. The spans are sliced from the copy for the same reason.
 * Through UTF-8 only when that gives the same string back (no lone surrogate): a quote must stay verbatim.
 */
function detached(text: string): string {
  const copy = Buffer.from(text, 'utf8').toString('utf8');
  return copy === text ? copy : text;
}

/** Always through the model, never isOneSentence's shortcut: for the test that holds the two equal. */
export function splitSentencesWithModel(text: string): Span[] {
  return text.trim() === '' ? [] : splitUncached(text);
}

function splitUncached(text: string): Span[] {
  const raw = winkSentences(text);
  const merged = mergeFragments(text, raw);
  const out: Span[] = [];
  for (const range of merged) {
    for (const piece of splitAtParagraphs(text, range)) {
      for (const clause of splitLong(text, piece)) {
        const trimmed = trim(text, clause);
        if (trimmed.end > trimmed.start) {
          out.push({ start: trimmed.start, end: trimmed.end, text: text.slice(trimmed.start, trimmed.end) });
        }
      }
    }
  }
  return out;
}

/** wink's sentences as character ranges, rebuilt from token values and their preceding whitespace. */
function winkSentences(text: string): Range[] {
  const wink = winkNlp();
  const doc = wink.readDoc(text);
  const values = doc.tokens().out() as unknown as string[];
  const spaces = doc.tokens().out(wink.its.precedingSpaces) as unknown as string[];
  const spans = doc.sentences().out(wink.its.span) as unknown as number[][];

  const tokenStart = new Array<number>(values.length);
  const tokenEnd = new Array<number>(values.length);
  let pos = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? '';
    let at = pos + (spaces[i] ?? '').length;
    // wink reproduces its input exactly, but should a token ever differ from the source, find it
    // rather than let every later offset drift.
    if (!text.startsWith(value, at)) {
      const found = text.indexOf(value, pos);
      at = found >= 0 ? found : at;
    }
    tokenStart[i] = at;
    tokenEnd[i] = Math.min(text.length, at + value.length);
    pos = tokenEnd[i] ?? pos;
  }

  const ranges: Range[] = [];
  for (const span of spans) {
    const first = span[0];
    const last = span[1];
    if (first === undefined || last === undefined) continue;
    const start = tokenStart[first];
    const end = tokenEnd[last];
    if (start !== undefined && end !== undefined && end > start) ranges.push({ start, end });
  }
  if (ranges.length === 0) ranges.push({ start: 0, end: text.length });
  return ranges;
}

/** Rejoins sentences wink cut wrongly: after citation abbreviations, before lowercase, bare enumerators. */
function mergeFragments(text: string, ranges: Range[]): Range[] {
  const out: Range[] = [];
  let pendingEnumerator: Range | null = null;
  for (const range of ranges) {
    let current: Range = pendingEnumerator ? { start: pendingEnumerator.start, end: range.end } : range;
    pendingEnumerator = null;
    const prev = out[out.length - 1];
    if (prev && continuesPrevious(text, prev, current)) {
      prev.end = current.end;
      current = prev;
    } else {
      out.push(current);
    }
    if (BARE_ENUMERATOR.test(text.slice(current.start, current.end).trim())) {
      // "1." or "(b)" alone: it belongs to what follows, not to what came before.
      out.pop();
      pendingEnumerator = current;
    }
  }
  if (pendingEnumerator) out.push(pendingEnumerator);
  return out;
}

function continuesPrevious(text: string, prev: Range, next: Range): boolean {
  const head = text.slice(next.start, Math.min(next.end, next.start + 3)).trimStart();
  const first = head[0] ?? '';
  // Sentences do not begin in lowercase or with closing punctuation: a page break or an
  // abbreviation split them ("et seq. and ...", "(D.C. Cir." + "1999).").
  if (/[a-z]/.test(first) && !/^[a-z][.)]\s/.test(text.slice(next.start, next.start + 3))) return true;
  if (/[),;:\]]/.test(first)) return true;
  // No sentence ends inside an initialism: "the Non-U." + "S. insurer". A lowercase word or a
  // comma after it tells it from Virginia's subsection letters ("subsection A." + "B. The court").
  if (/(?:^|[^A-Za-z])[A-Z]\.$/.test(text.slice(Math.max(prev.start, prev.end - 3), prev.end)) && /^[A-Z]\.(?:[A-Z]\.)*(?:\s+[a-z]|[,;:)’'-])/.test(text.slice(next.start, next.start + 12))) return true;
  const tail = /([A-Za-z]+)\.\s*$/.exec(text.slice(Math.max(prev.start, prev.end - 12), prev.end));
  const word = tail?.[1]?.toLowerCase();
  if (word === undefined) return false;
  if (CONTINUING_ABBREVIATIONS.has(word)) return true;
  return NUMBER_ABBREVIATIONS.has(word) && /[0-9§]/.test(first);
}

function splitAtParagraphs(text: string, range: Range): Range[] {
  const slice = text.slice(range.start, range.end);
  const out: Range[] = [];
  let start = range.start;
  PARAGRAPH_START.lastIndex = 0;
  for (let m = PARAGRAPH_START.exec(slice); m !== null; m = PARAGRAPH_START.exec(slice)) {
    const cut = range.start + m.index;
    if (cut > start) out.push({ start, end: cut });
    start = cut;
  }
  out.push({ start, end: range.end });
  return out;
}

/** Cuts an over-long sentence after each `;`, keeping very short clauses with the next one. */
function splitLong(text: string, range: Range): Range[] {
  if (range.end - range.start <= LONG_SENTENCE_CHARS) return [range];
  const out: Range[] = [];
  let start = range.start;
  for (let i = range.start; i < range.end - 1; i++) {
    if (text.charCodeAt(i) !== 59 /* ; */) continue;
    const cut = i + 1;
    if (cut - start >= MIN_CLAUSE_CHARS && range.end - cut >= MIN_CLAUSE_CHARS) {
      out.push({ start, end: cut });
      start = cut;
    }
  }
  out.push({ start, end: range.end });
  return out;
}

function trim(text: string, range: Range): Range {
  let { start, end } = range;
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return { start, end };
}

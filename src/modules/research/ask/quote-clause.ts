// Long provisions are quoted by the clause that carries the answer, not whole: the quote stays a verbatim
// slice of the text, cut at clause boundaries (";", ":", ", provided", ", except", ", unless"), then at
// commas, then at a word boundary as a last resort.
import type { TextSpan } from './provision-units.js';

/** Quotes longer than this are cut down to the clause that carries the answer. */
export const MAX_QUOTE_CHARS = 400;

/** A clause shorter than this is a fragment: it grows over its neighbours even when they add no terms. */
const MIN_CLAUSE_CHARS = 100;

const CLAUSE_BREAK = /[;:](?=\s)|,(?=\s+(?:provided|except|unless|and provided|subject to)\b)/g;
const COMMA_BREAK = /,(?=\s)/g;

/** The stretch of `source` in [start, end) with the best score that fits in `max` characters. */
export function bestClause(source: string, span: { start: number; end: number }, score: (text: string) => number, max: number = MAX_QUOTE_CHARS): TextSpan {
  if (span.end - span.start <= max) return slice(source, span.start, span.end);
  const clauses = cut(source, span.start, span.end, CLAUSE_BREAK);
  const clause = bestWindow(source, clauses, score, max);
  if (clause.end - clause.start <= max) return clause;
  const parts = cut(source, clause.start, clause.end, COMMA_BREAK);
  const part = bestWindow(source, parts, score, max);
  if (part.end - part.start <= max) return part;
  return wordCut(source, part.start, part.end, max);
}

/** Pieces of [start, end) cut after each boundary match, trimmed. */
function cut(source: string, start: number, end: number, boundary: RegExp): TextSpan[] {
  const out: TextSpan[] = [];
  const text = source.slice(start, end);
  let from = 0;
  boundary.lastIndex = 0;
  for (let m = boundary.exec(text); m !== null; m = boundary.exec(text)) {
    const to = m.index + 1;
    out.push(slice(source, start + from, start + to));
    from = to;
  }
  out.push(slice(source, start + from, end));
  return out.filter((p) => p.end > p.start);
}

/**
 * The best-scoring piece, grown over its neighbours while that adds to its score (or while it is only a
 * fragment) and it still fits: a clause often needs the one before it ("Whenever an employer
 * discharges an employee," + "the employer shall pay ...").
 */
function bestWindow(source: string, pieces: TextSpan[], score: (text: string) => number, max: number): TextSpan {
  let bestIndex = 0;
  let bestScore = -Infinity;
  pieces.forEach((p, i) => {
    const s = score(p.text);
    if (s > bestScore) {
      bestScore = s;
      bestIndex = i;
    }
  });
  let lo = bestIndex;
  let hi = bestIndex;
  const first = pieces[bestIndex];
  if (first === undefined) return { start: 0, end: 0, text: '' };
  let window = first;
  for (;;) {
    const before = pieces[lo - 1];
    const after = pieces[hi + 1];
    const grownBefore = before ? slice(source, before.start, window.end) : null;
    const grownAfter = after ? slice(source, window.start, after.end) : null;
    // Grow toward the side that adds more of the answer; on a tie, toward the subject before it.
    const options = [grownBefore, grownAfter].filter((w): w is TextSpan => w !== null && w.end - w.start <= max);
    if (options.length === 0) break;
    options.sort((x, y) => score(y.text) - score(x.text) || x.start - y.start);
    const next = options[0];
    if (next === undefined) break;
    if (score(next.text) <= score(window.text) && window.end - window.start >= MIN_CLAUSE_CHARS) break;
    if (next.start < window.start) lo--;
    else hi++;
    window = next;
  }
  return window;
}

function wordCut(source: string, start: number, end: number, max: number): TextSpan {
  let to = start + max;
  while (to > start + max / 2 && !/\s/.test(source[to] ?? '')) to--;
  return slice(source, start, Math.min(end, to));
}

function slice(source: string, start: number, end: number): TextSpan {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(source[s] ?? '')) s++;
  while (e > s && /\s/.test(source[e - 1] ?? '')) e--;
  return { start: s, end: e, text: source.slice(s, e) };
}

// Paragraph designations of a section's canonical text ("(a)", "[(a)]", "(b)(1)", "A.", "1.") and the
// pinpoint path of each line, so an answer can cite "§ 12-301(a)(4)" for a quote inside (a)(4).
// Written by hand: the importers keep designations as plain text and no installed package reads them.

/** One paragraph (line) of the canonical text, with its place in the outline. */
export interface TextLine {
  start: number;
  end: number;
  /** Offset just after the line's leading designations (= start when it has none). */
  bodyStart: number;
  /** Designations from the outermost down, each written "(a)"; [] when the line's place is unknown. */
  path: string[];
  /** True when the line itself begins with a designation. */
  designated: boolean;
  /** Index of the line that introduces this one with a ":" (its parent's lead-in), or null. */
  leadIn: number | null;
}

type Kind = 'num' | 'lower' | 'upper' | 'rlower' | 'rupper';
interface Level {
  key: string;
  kind: Kind;
  base: string;
  label: string;
}

// "(a)", "[(a)]", "(4A)", "(a-1)", "(xviii)": run one after another at the start of a line.
const PAREN = /\[?\((\d{1,3}[A-Za-z]{0,2}|[a-z]{1,6}|[A-Z]{1,6})(-\d{1,3}[A-Za-z]?)?\)\]?[ \t]*/y;
// Virginia's "A. ", "1. ", "a. ": one only, and only at the very start of a line.
const DOTTED = /([A-Z]{1,3}|\d{1,3}|[a-z]{1,3})\.[ \t]+(?=\S)/y;
const ROMAN = /^(?:x{0,3})(?:ix|iv|v?i{0,3})$/;

function romanValue(s: string): number {
  const digits: Record<string, number> = { i: 1, v: 5, x: 10 };
  let total = 0;
  const lower = s.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const v = digits[lower[i] ?? ''] ?? 0;
    const next = digits[lower[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

function isRoman(s: string): boolean {
  return s !== '' && ROMAN.test(s.toLowerCase());
}

function letterOrdinal(s: string): number {
  // "(aa)" follows "(z)" in a few codes.
  const lower = s.toLowerCase();
  return lower.length === 2 && lower[0] === lower[1] ? 26 + (lower.charCodeAt(0) - 96) : lower.charCodeAt(0) - 96;
}

/** Chooses letter or roman numeral for "(i)", "(v)", "(x)", "(I)": whichever continues its sequence. */
function kindOf(base: string, style: string, stack: Level[]): Kind {
  if (/^\d/.test(base)) return 'num';
  const upper = base === base.toUpperCase();
  const letter: Kind = upper ? 'upper' : 'lower';
  const roman: Kind = upper ? 'rupper' : 'rlower';
  if (!isRoman(base)) return letter;
  if (base.length > 2 || (base.length === 2 && base[0] !== base[1])) return roman; // "iv", "xii": no such letter
  const letterAt = stack.findIndex((l) => l.key === `${letter}${style}`);
  const romanAt = stack.findIndex((l) => l.key === `${roman}${style}`);
  const letterLevel = stack[letterAt];
  const romanLevel = stack[romanAt];
  const letterNext = letterLevel !== undefined && letterOrdinal(base) === letterOrdinal(letterLevel.base) + 1;
  const romanNext = romanLevel !== undefined ? romanValue(base) === romanValue(romanLevel.base) + 1 : romanValue(base) === 1;
  if (romanNext && !letterNext) return roman;
  if (letterNext && !romanNext) return letter;
  if (letterNext && romanNext) return stack.length - 1 > letterAt ? roman : letter;
  return romanLevel !== undefined || letterLevel === undefined ? roman : letter;
}

function place(stack: Level[], base: string, insertion: string, style: string): Level[] {
  const kind = kindOf(base, style, stack);
  const key = `${kind}${style}`;
  const level: Level = { key, kind, base, label: `(${base}${insertion})` };
  const at = stack.findIndex((l) => l.key === key);
  return at >= 0 ? [...stack.slice(0, at), level] : [...stack, level];
}

/** Splits canonical text into lines with their designation paths and lead-ins. */
export function outlineLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  let stack: Level[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    let pos = start;
    while (pos < end && (text[pos] === ' ' || text[pos] === '\t')) pos++;
    let designated = false;
    for (;;) {
      PAREN.lastIndex = pos;
      const m = PAREN.exec(text);
      if (m === null || m.index + m[0].length > end) break;
      stack = place(stack, m[1] ?? '', m[2] ?? '', 'p');
      pos = m.index + m[0].length;
      designated = true;
    }
    if (!designated) {
      DOTTED.lastIndex = pos;
      const m = DOTTED.exec(text);
      if (m !== null && m.index + m[0].length <= end) {
        stack = place(stack, m[1] ?? '', '', 'd');
        pos = m.index + m[0].length;
        designated = true;
      }
    }
    const line: TextLine = { start, end, bodyStart: pos, path: [], designated, leadIn: null };
    if (designated) {
      line.path = stack.map((l) => l.label);
      line.leadIn = findLeadIn(text, lines, line.path);
    } else {
      const owner = introducingLine(text, lines);
      line.path = owner === null ? [] : (lines[owner]?.path ?? []);
      line.leadIn = owner;
    }
    lines.push(line);
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}

/**
 * The line introducing an undesignated line: it belongs to the list its previous line introduced ("H. As used in this section:"
 * then one definition per line); otherwise its place is unknown, and no pinpoint beats a wrong one.
 */
function introducingLine(text: string, lines: TextLine[]): number | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const prev = lines[i];
    if (prev === undefined) break;
    if (endsWithLeadIn(text, prev)) return i;
    if (prev.designated) return null;
  }
  return null;
}

function endsWithLeadIn(text: string, line: TextLine): boolean {
  return /[:—–]\s*$/.test(text.slice(line.start, line.end));
}

function isStrictPrefix(parent: string[], child: string[]): boolean {
  return parent.length < child.length && parent.every((p, i) => child[i] === p);
}

/** The nearest earlier line ending in ":" whose path is this line's parent. */
function findLeadIn(text: string, lines: TextLine[], path: string[]): number | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const prev = lines[i];
    if (prev === undefined) break;
    if (!isStrictPrefix(prev.path, path)) continue;
    if (endsWithLeadIn(text, prev)) return i;
    // The parent paragraph does not introduce a list: this line stands on its own.
    if (prev.designated) return null;
  }
  return null;
}

/** The line that holds `offset`. */
export function lineAt(lines: TextLine[], offset: number): TextLine | undefined {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lines[mid]?.start ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lines[lo];
}

/** The pinpoint ("(a)(4)") of the paragraph holding `offset`, '' when unknown. */
export function pinpointAt(text: string, offset: number): string {
  return (lineAt(outlineLines(text), offset)?.path ?? []).join('');
}

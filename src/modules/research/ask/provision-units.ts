// A section's text cut into quotable units: its sentences, never crossing a paragraph line, each with
// its pinpoint and the lead-in that introduces it ("... may not be brought after ...:" for "(4) for
// libel ... — 1 year;"), since a list item alone rarely says what it is about.
import { splitSentences } from '../../../text/sentences.js';
import { outlineLines } from '../../../text/statute-outline.js';

/** A verbatim stretch of a section's text: `text === source.slice(start, end)`. */
export interface TextSpan {
  start: number;
  end: number;
  text: string;
}

export interface ProvisionUnit extends TextSpan {
  /** Where the unit's words begin after leading designations ("(4) for libel" → "for libel"). */
  bodyStart: number;
  /** "(a)(4)", '' when the paragraph's place is unknown. */
  pinpoint: string;
  /** The sentence introducing the unit's list, when the unit opens a list item. */
  leadIn: (TextSpan & { bodyStart: number }) | null;
  /** True for definitions ("'Wages' means ...", or an item of an "As used in this chapter:" list). */
  definition: boolean;
  /** The term a definition defines ("Wages"), or null. */
  definedTerm: string | null;
}

const DEFINES = /^[^a-z]{0,12}["“'‘]([^"”’]{1,120})["”’](?:\s+or\s+["“'‘][^"”’]{1,120}["”’])?,?\s+(?:means|shall mean|includes|shall include|has the meaning|refers to|is defined)\b/;
const DEFINITION_LEAD = /\b(?:as used in|whenever used in|for (?:the )?purposes? of|in this (?:section|chapter|title|subchapter|article|part)[^:]*,\s*the term)\b[^:]*:\s*$/i;

/**
 * Sections longer than this are only cut into units on the lines that share most words with the
 * question (and the lines that introduce them): splitting a 200 KB section into sentences and
 * scoring them all costs more than the rest of an answer.
 */
export const LONG_SECTION_CHARS = 20_000;
/** The most lines of a long section that are cut into units. */
export const LONG_SECTION_LINES = 60;

/**
 * The units of one section's canonical text, in text order. `relevance`, when given, scores each
 * line of a long section; only the best lines with a score above 0 (and their lead-ins) yield units.
 */
export function provisionUnits(text: string, relevance?: (line: string) => number): ProvisionUnit[] {
  const lines = outlineLines(text);
  const keep = keptLines(text, lines, text.length > LONG_SECTION_CHARS ? relevance : undefined);
  const pieces: Array<TextSpan & { line: number }> = [];
  // Paragraph lines are the outline, and a unit never crosses one: each line is split on its own.
  lines.forEach((line, lineIndex) => {
    if (!keep(lineIndex)) return;
    const lineText = text.slice(line.start, line.end);
    for (const sentence of splitSentences(lineText)) {
      const span = trimSpan(text, line.start + sentence.start, line.start + sentence.end);
      if (span !== null) pieces.push({ ...span, line: lineIndex });
    }
  });
  // The lead-in of a line is its last sentence (the one ending in ":").
  const lastOfLine = new Map<number, TextSpan & { bodyStart: number }>();
  for (const p of pieces) {
    const line = lines[p.line];
    lastOfLine.set(p.line, { start: p.start, end: p.end, text: p.text, bodyStart: Math.max(p.start, Math.min(line?.bodyStart ?? p.start, p.end)) });
  }
  return pieces.map((p) => {
    const line = lines[p.line];
    const opensLine = line !== undefined && p.start <= line.bodyStart;
    const leadIn = opensLine && line.leadIn !== null ? (lastOfLine.get(line.leadIn) ?? null) : null;
    const bodyStart = opensLine ? Math.min(line.bodyStart, p.end) : p.start;
    const body = text.slice(bodyStart, p.end);
    const defines = DEFINES.exec(body);
    return {
      start: p.start,
      end: p.end,
      text: p.text,
      bodyStart,
      pinpoint: (line?.path ?? []).join(''),
      leadIn,
      definedTerm: defines?.[1] ?? null,
      definition: defines !== null || (leadIn !== null && DEFINITION_LEAD.test(leadIn.text)) || DEFINITION_LEAD.test(body),
    };
  });
}

/** Which lines to cut into units: all, or the best-scoring ones plus the lead-ins they need. */
function keptLines(text: string, lines: ReturnType<typeof outlineLines>, relevance?: (line: string) => number): (index: number) => boolean {
  if (!relevance) return () => true;
  const scored = lines
    .map((line, index) => ({ index, score: relevance(text.slice(line.start, line.end)) }))
    .filter((l) => l.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, LONG_SECTION_LINES);
  const kept = new Set<number>();
  scored.forEach(({ index }) => {
    const line = lines[index];
    if (!line) return;
    kept.add(index);
    for (let lead = line.leadIn; lead !== null && !kept.has(lead); lead = lines[lead]?.leadIn ?? null) kept.add(lead);
  });
  return (index) => kept.has(index);
}

function trimSpan(text: string, start: number, end: number): TextSpan | null {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
  return e > s ? { start: s, end: e, text: text.slice(s, e) } : null;
}

// A section's text cut into quotable units: its sentences, never crossing a paragraph line, each with
// its pinpoint and the lead-in that introduces it ("... may not be brought after ...:" for "(4) for
// libel ... — 1 year;"), since a list item alone rarely says what it is about.
import { splitSentences } from '../../../text/sentences.js';
import { outlineLines } from './designations.js';

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

/** The units of one section's canonical text, in text order. */
export function provisionUnits(text: string): ProvisionUnit[] {
  const lines = outlineLines(text);
  const pieces: Array<TextSpan & { line: number }> = [];
  let lineIndex = 0;
  for (const sentence of splitSentences(text)) {
    // Paragraph lines are the outline; a sentence the splitter ran across a line break is cut there.
    let from = sentence.start;
    while (from < sentence.end) {
      while (lineIndex < lines.length - 1 && (lines[lineIndex]?.end ?? 0) < from) lineIndex++;
      const line = lines[lineIndex];
      const to = Math.min(sentence.end, line?.end ?? sentence.end);
      const span = trimSpan(text, from, to);
      if (span !== null) pieces.push({ ...span, line: lineIndex });
      from = to + 1;
    }
  }
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

function trimSpan(text: string, start: number, end: number): TextSpan | null {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
  return e > s ? { start: s, end: e, text: text.slice(s, e) } : null;
}

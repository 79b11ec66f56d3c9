/**
 * Folio's own statute format for sources without a dedicated parser: one JSON object per line,
 * each one VERSION of one section (docs/statute-jsonl.md). Lines are validated with TypeBox;
 * the first bad line stops the import with `line N: <what>`.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ParsedSection } from '../statutes.types.js';
import { isIsoDate, sortedUniqueDates } from './history-dates.js';
import type { StatuteFormat } from './statute-format.js';
import { collapseWhitespace } from './text-normalize.js';

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const NonEmpty = Type.String({ minLength: 1, pattern: '\\S' });

export const StatuteJsonlLine = Type.Object(
  {
    jurisdiction: Type.String({ pattern: '^[A-Z]{2}$', description: "two capital letters: 'CA', 'US'" }),
    code: NonEmpty,
    section: NonEmpty,
    citation: Type.Optional(NonEmpty),
    title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    heading: Type.Optional(Type.String()),
    text: Type.String(),
    history: Type.Optional(Type.String()),
    effective_from: Type.Optional(IsoDate),
    effective_to: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    repealed: Type.Optional(Type.Boolean()),
    cross_references: Type.Optional(Type.Array(NonEmpty)),
    hierarchy: Type.Optional(
      Type.Array(
        Type.Object(
          {
            label: NonEmpty,
            number: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            heading: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    amendment_dates: Type.Optional(Type.Array(IsoDate)),
  },
  { additionalProperties: false },
);
export type StatuteJsonlLine = Static<typeof StatuteJsonlLine>;

/** A section version read from JSONL: a ParsedSection plus the dates the line states. */
export type JsonlParsedSection = ParsedSection & { effectiveFrom?: string; effectiveTo?: string | null };

/** Thrown for a bad line; the message starts with `line N:`. */
export class JsonlLineError extends Error {
  constructor(
    readonly line: number,
    what: string,
  ) {
    super(`line ${line}: ${what}`);
    this.name = 'JsonlLineError';
  }
}

/** Text as the contract wants it: paragraphs on their own lines, whitespace collapsed within them. */
function canonicalText(text: string): string {
  return text
    .split(/\r?\n/)
    .map(collapseWhitespace)
    .filter(Boolean)
    .join('\n');
}

/** Validates one parsed JSON value and maps it to a section version. */
export function jsonlLineToSection(value: unknown, line: number): JsonlParsedSection {
  if (!Value.Check(StatuteJsonlLine, value)) {
    const first = Value.Errors(StatuteJsonlLine, value).First();
    const where = first?.path ? first.path.replace(/^\//, '').replace(/\//g, '.') : 'object';
    throw new JsonlLineError(line, `${where}: ${first?.message ?? 'invalid'}`);
  }
  const v = value;
  for (const [field, date] of [['effective_from', v.effective_from], ['effective_to', v.effective_to], ...(v.amendment_dates ?? []).map((d) => ['amendment_dates', d])] as const) {
    if (typeof date === 'string' && !isIsoDate(date)) throw new JsonlLineError(line, `${field}: ${date} is not a calendar date`);
  }
  if (v.effective_from && v.effective_to && v.effective_to <= v.effective_from) {
    throw new JsonlLineError(line, `effective_to ${v.effective_to} is not after effective_from ${v.effective_from}`);
  }
  const section = collapseWhitespace(v.section);
  const code = collapseWhitespace(v.code);
  const citation = v.citation ? collapseWhitespace(v.citation) : `${code} § ${section}`;
  // Without a title field, a hyphenated number carries its title ('18.2-46.2' → '18.2').
  const titleNumber = v.title ?? (section.includes('-') ? (section.split('-')[0] ?? '') : '');
  const refs = [...new Set((v.cross_references ?? []).map(collapseWhitespace))].filter((c) => c !== citation);
  const out: JsonlParsedSection = {
    jurisdiction: v.jurisdiction,
    codeName: code,
    citation,
    sectionNumber: section,
    titleNumber,
    heading: collapseWhitespace(v.heading ?? ''),
    text: canonicalText(v.text),
    history: collapseWhitespace(v.history ?? ''),
    crossReferences: refs,
    hierarchy: (v.hierarchy ?? []).map((h) => ({
      label: h.label.toLowerCase(),
      number: h.number ?? null,
      heading: h.heading ?? null,
    })),
    repealed: v.repealed ?? false,
    amendmentDates: sortedUniqueDates(v.amendment_dates ?? []),
  };
  if (v.effective_from !== undefined) out.effectiveFrom = v.effective_from;
  if (v.effective_to !== undefined) out.effectiveTo = v.effective_to;
  return out;
}

/** Streams the section versions of a JSONL file; blank lines are skipped, a bad line throws `line N: …`. */
export async function* parseJsonl(path: string): AsyncGenerator<JsonlParsedSection> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  for await (const raw of lines) {
    n++;
    const line = n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      throw new JsonlLineError(n, `not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    yield jsonlLineToSection(value, n);
  }
}

export const jsonlFormat: StatuteFormat = { id: 'jsonl', jurisdiction: null, codeName: null, parse: parseJsonl };

import type { ExtractedPage } from '../extraction/extraction.types.js';

export interface PassageDraft {
  ordinal: number;
  page: number;
  /** Offsets into the page's text: `page.text.slice(start, end) === text`. */
  start: number;
  end: number;
  text: string;
  /** CUAD clause types the passage may express, with the classifier's probability, as an object (drafts built by hand). */
  clauses?: Record<string, number>;
  /** The same clauses as the index stores them (a JSON object): what ingestion sets (tagged-passages.ts, passage-spans.ts). */
  clauseTags?: string;
}

export interface ChunkOptions {
  /** A passage closes at the first paragraph end past this many characters. */
  target: number;
  /** No passage is longer than this; long paragraphs are cut at sentence ends, else at spaces. */
  max: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { target: 700, max: 1400 };

const PARAGRAPH_END = /\n[ \t]*\n|\n(?=[ \t]*(?:\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|[A-Z][A-Z ]{3,}$))/gm;
const SENTENCE_END = /[.;:!?]["')\]]*\s+(?=["'(\[]?[A-Z0-9])/g;

/**
 * Splits extracted pages into passages of roughly paragraph size that never cross a page, so each
 * keeps its page number and exact character offsets for quoting and highlighting. Written by
 * hand: splitters in libraries lose offsets or are too slow for ingestion-time use.
 */
export function chunkPages(pages: ExtractedPage[], options: ChunkOptions = DEFAULT_CHUNKING): PassageDraft[] {
  const passages: PassageDraft[] = [];
  for (const page of pages) {
    for (const [start, end] of chunkText(page.text, options)) {
      passages.push({ ordinal: passages.length, page: page.page, start, end, text: page.text.slice(start, end) });
    }
  }
  return passages;
}

/** [start, end) ranges of trimmed, non-empty chunks of `text`. */
export function chunkText(text: string, options: ChunkOptions = DEFAULT_CHUNKING): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let chunkStart = -1;
  let chunkEnd = -1;
  const flush = () => {
    if (chunkStart >= 0) pushTrimmed(text, chunkStart, chunkEnd, ranges);
    chunkStart = -1;
  };
  for (const [start, end] of boundaries(text, PARAGRAPH_END)) {
    if (end - start > options.max) {
      flush();
      for (const [s, e] of splitLong(text, start, end, options)) pushTrimmed(text, s, e, ranges);
      continue;
    }
    if (chunkStart >= 0 && end - chunkStart > options.max) flush();
    if (chunkStart < 0) chunkStart = start;
    chunkEnd = end;
    if (chunkEnd - chunkStart >= options.target) flush();
  }
  flush();
  return ranges;
}

function* boundaries(text: string, pattern: RegExp): Generator<[number, number]> {
  let start = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = match.index + match[0].length;
    if (end > start) yield [start, end];
    start = end;
    if (match[0].length === 0) pattern.lastIndex++;
  }
  if (start < text.length) yield [start, text.length];
}

function splitLong(text: string, start: number, end: number, options: ChunkOptions): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let chunkStart = start;
  let lastCut = -1;
  const sentenceEnds = new RegExp(SENTENCE_END.source, 'g');
  sentenceEnds.lastIndex = start;
  for (let match = sentenceEnds.exec(text); match && match.index < end; match = sentenceEnds.exec(text)) {
    const cut = match.index + match[0].length;
    if (cut - chunkStart > options.max && lastCut > chunkStart) {
      out.push([chunkStart, lastCut]);
      chunkStart = lastCut;
    }
    lastCut = cut;
    if (cut - chunkStart >= options.target) {
      out.push([chunkStart, cut]);
      chunkStart = cut;
    }
  }
  // What is left without sentence ends (tables, run-on text) is cut at spaces.
  while (end - chunkStart > options.max) {
    const space = text.lastIndexOf(' ', chunkStart + options.max);
    const cut = space > chunkStart + options.target / 2 ? space + 1 : chunkStart + options.max;
    out.push([chunkStart, cut]);
    chunkStart = cut;
  }
  if (end > chunkStart) out.push([chunkStart, end]);
  return out;
}

function pushTrimmed(text: string, start: number, end: number, out: Array<[number, number]>): void {
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  if (end > start) out.push([start, end]);
}

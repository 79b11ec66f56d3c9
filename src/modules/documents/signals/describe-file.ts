import type { ExtractedPage } from '../extraction/extraction.types.js';
import { withTexts, type PassageSpan } from '../passages/passage-spans.js';

/** How many of a file's first passages make its opening, where its title and parties are read. */
export const OPENING_PASSAGES = 2;

/** A file's stored signals: what the reading wrote, and the version of that reading. */
export interface StoredSignals {
  version: number;
  json: string;
}

/**
 * Reads what a file says about itself from its name and opening. Given to ingestion by the
 * composition root (the query capability implements it), so that documents does not import query.
 */
export type DescribeFile = (fileName: string, opening: string) => StoredSignals;

/** The opening of a file as the passage index returns it (passages.openings, ordinal order), joined by newlines. */
export function openingOf(pages: ExtractedPage[], passages: readonly PassageSpan[]): string {
  const first = passages.filter((p) => p.ordinal < OPENING_PASSAGES).sort((a, b) => a.ordinal - b.ordinal);
  return withTexts(pages, first)
    .map((p) => p.text)
    .join('\n');
}

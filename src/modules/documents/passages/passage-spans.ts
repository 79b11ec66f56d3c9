import type { ExtractedPage } from '../extraction/extraction.types.js';
import type { PassageDraft } from './chunking.js';

/**
 * A passage as it travels from the extraction process to the index writer: its place and tags, not
 * its text. The text is its page's slice, and the pages travel too: sending both doubled what every
 * upload copied through the IPC pipe, the server's event loop and the writer thread's message port.
 */
export type PassageSpan = Omit<PassageDraft, 'text'>;

export function toSpans(passages: PassageDraft[]): PassageSpan[] {
  return passages.map(({ text: _text, ...span }) => span);
}

/** The passages with their texts again, sliced from the pages they were chunked from. */
export function withTexts(pages: ExtractedPage[], spans: PassageSpan[]): PassageDraft[] {
  const texts = new Map(pages.map((p) => [p.page, p.text]));
  return spans.map((span) => {
    const text = texts.get(span.page);
    if (text === undefined || span.end > text.length) throw new Error(`passage ${span.ordinal} lies outside page ${span.page}`);
    return { ...span, text: text.slice(span.start, span.end) };
  });
}

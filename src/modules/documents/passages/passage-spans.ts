import type { ExtractedPage } from '../extraction/extraction.types.js';
import type { PassageDraft } from './chunking.js';

/**
 * A passage as it travels from the extraction process to the index writer: its place and tags, not
 * its text. The text is its page's slice, and the pages travel too: sending both doubled what every
 * upload copied through the IPC pipe, the server's event loop and the writer thread's message port.
 * The tags travel as the JSON the index stores: as an object per passage they were most of what the
 * server's event loop spent reading an extraction's result (V8's deserializer builds every object and
 * every key string again; 0.5 s of the main thread per 21 MB of CUAD text, against 0.1 s as strings),
 * then the writer thread's message port copied the objects once more and the writer stringified them.
 */
export type PassageSpan = Omit<PassageDraft, 'text' | 'clauses' | 'clauseTags'> & { clauseTags: string };

export function toSpans(passages: PassageDraft[]): PassageSpan[] {
  return passages.map(({ text: _text, clauses, clauseTags, ...span }) => ({ ...span, clauseTags: storedClauseTags({ clauses, clauseTags }) }));
}

/** A passage's clause tags as the index stores them. */
export function storedClauseTags(passage: Pick<PassageDraft, 'clauses' | 'clauseTags'>): string {
  return passage.clauseTags ?? JSON.stringify(passage.clauses ?? {});
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

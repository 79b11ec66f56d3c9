import type { PageText } from './file-text.repository.js';

/**
 * Rebuilds page texts from passages, for files ingested before page texts were stored: each
 * passage is laid at its own offset, and the gaps between passages (blank lines that chunking
 * trimmed) become spaces, so every passage's offsets still point at its exact text.
 */
export function pagesFromPassages(spans: Array<{ page: number | null; start_offset: number; text: string }>): PageText[] {
  const byPage = new Map<number, Array<{ start: number; text: string }>>();
  for (const span of spans) {
    const page = span.page ?? 1;
    const list = byPage.get(page) ?? [];
    list.push({ start: span.start_offset, text: span.text });
    byPage.set(page, list);
  }
  const pages: PageText[] = [];
  for (const [page, parts] of [...byPage.entries()].sort((a, b) => a[0] - b[0])) {
    parts.sort((a, b) => a.start - b.start);
    let text = '';
    for (const part of parts) {
      if (part.start > text.length) text += ' '.repeat(part.start - text.length);
      // Overlapping passages agree on their shared characters; only the new tail is appended.
      const end = part.start + part.text.length;
      if (end > text.length) text += part.text.slice(text.length - part.start);
    }
    pages.push({ page, text });
  }
  return pages;
}

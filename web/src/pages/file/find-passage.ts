/** Where a cited text sits in a file's pages: a page and character offsets into its text. */
export interface PassageLocation {
  page: number;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 2);
}

/** Sentence spans of a page: cut after . ! ? ; or a blank line, offsets kept. */
function sentenceSpans(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const boundary = /[.!?;:](?=\s)|\n\s*\n/g;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    if (text.slice(start, end).trim()) spans.push({ start, end });
    start = end;
  }
  if (text.slice(start).trim()) spans.push({ start, end: text.length });
  return spans.map(({ start: s, end: e }) => {
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    return { start: s, end: e };
  });
}

/**
 * The page span that best matches the cited text. The answer quotes the file's own sentences, so
 * the span is usually found whole; the run of up to four consecutive sentences whose distinct words
 * overlap the citation's most (Dice coefficient) is chosen, and nothing below 0.3.
 */
export function findPassage(pages: Array<{ page: number; text: string }>, cited: string): PassageLocation | null {
  const target = new Set(words(cited));
  if (target.size === 0) return null;
  let best: (PassageLocation & { score: number }) | null = null;
  for (const { page, text } of pages) {
    const spans = sentenceSpans(text);
    for (let i = 0; i < spans.length; i++) {
      const seen = new Set<string>();
      const all = new Set<string>();
      for (let j = i; j < Math.min(spans.length, i + 4); j++) {
        for (const w of words(text.slice(spans[j]!.start, spans[j]!.end))) {
          all.add(w);
          if (target.has(w)) seen.add(w);
        }
        // Dice overlap: covering the citation counts, and so does not marking unrelated words.
        const score = (2 * seen.size) / (target.size + all.size);
        if (!best || score > best.score) best = { page, start: spans[i]!.start, end: spans[j]!.end, score };
        if (seen.size === target.size) break;
      }
    }
  }
  return best && best.score > 0.3 ? { page: best.page, start: best.start, end: best.end } : null;
}

/**
 * A long sentence cut to a window that keeps the part that answers: never cut before it. The
 * window opens at a word boundary a little before the anchor (or at the start when the anchor is
 * near it) and closes at a word boundary; the cut sides get an ellipsis. Every kept piece is a
 * verbatim slice of the sentence.
 */
export function trimAround(sentence: string, anchor: number, maxChars: number): string {
  if (sentence.length <= maxChars) return sentence;
  const at = Math.max(0, Math.min(anchor, sentence.length));
  // Keep up to a third of the window before the anchor, so the reader sees what leads into it.
  let start = at <= maxChars / 3 ? 0 : at - Math.floor(maxChars / 3);
  if (start > 0) {
    const space = sentence.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(sentence.length, start + maxChars);
  if (end < sentence.length) {
    const space = sentence.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  const body = sentence.slice(start, end).replace(/[\s,;:]+$/, '');
  return `${start > 0 ? '…' : ''}${body}${end < sentence.length ? '…' : ''}`;
}

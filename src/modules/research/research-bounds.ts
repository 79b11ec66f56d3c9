/*
 * Questions and assertions have no length limit in the contract, but analysing them costs time in
 * proportion to their length, on the event loop: a 900 KB assertion held /v1/check for 4.4 s and
 * /healthz with it. Research reads a bounded prefix instead and says so in its answer.
 */

/** Characters of a question or assertion that research analyses. */
export const MAX_ANALYSED_CHARS = 2000;

export interface BoundedText {
  text: string;
  /** The sentence to add to the answer when the text was cut, else null. */
  note: string | null;
}

/** The first `max` characters of `text`, cut back to a word boundary, and the note saying so. */
export function boundAnalysedText(text: string, field: 'question' | 'assertion', max = MAX_ANALYSED_CHARS): BoundedText {
  if (text.length <= max) return { text, note: null };
  // Back to the last whitespace at or before the bound, so that no word is analysed in half.
  let end = max;
  while (end > max / 2 && !/\s/.test(text.charAt(end))) end -= 1;
  const cut = end > max / 2 ? text.slice(0, end) : text.slice(0, max);
  return { text: cut.trimEnd(), note: `Only the first ${max.toLocaleString('en-US')} characters of the ${field} were analysed.` };
}

/** `answer` followed by the note, when there is one. */
export function withNote(answer: string, note: string | null): string {
  return note ? `${answer} ${note}` : answer;
}

/** An answer as text runs and citations; each citation carries the text it supports. */
export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; fileId: number; cited: string };

const TAG = /<<\s*file_id\s*=\s*(\d+)\s*>>/g;

/** Splits `... sentence. <<file_id = 4>>` into parts; a tag supports the text since the previous tag. */
export function answerParts(answer: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  let sinceTag = '';
  for (const match of answer.matchAll(TAG)) {
    const text = answer.slice(last, match.index);
    if (text) parts.push({ kind: 'text', text });
    sinceTag = text.trim() ? text : sinceTag;
    parts.push({ kind: 'cite', fileId: Number(match[1]), cited: sinceTag.trim() });
    last = match.index + match[0].length;
  }
  const rest = answer.slice(last);
  if (rest) parts.push({ kind: 'text', text: rest });
  return parts;
}

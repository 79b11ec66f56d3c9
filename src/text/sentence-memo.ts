import { outlineLines } from './statute-outline.js';
import { needsSentenceModel, rememberSplit, sentenceSplitter, splitSentences } from './sentences.js';

/*
 * A statute version's sentence splits, computed once when it is imported and stored beside its
 * text, so that questions do not run the sentence model over the same sections again and again.
 * Research splits a candidate section two ways: whole (check's verdicts) and each paragraph line on
 * its own (ask's quotable units, provision-units.ts). The model is the costly part: in the answering
 * thread of a fresh server, it was a fifth of the CPU of the eval's first 12 asks.
 *
 * The memo holds only the texts the model would be asked about (needsSentenceModel), one per line
 * after a first line naming the splitter that wrote it:
 *
 *   sentences/1 wink-nlp@2.4.0 wink-eng-lite-web-model@1.8.1
 *   <start> <length> <sentence start> <sentence end> ...      (offsets into the piece)
 *
 * A memo of another splitter is ignored (those sections are split when asked, as without memos), so
 * a change to the splitter never serves stale splits.
 */

/** The whole text and each of its paragraph lines: the pieces research splits. */
function piecesOf(text: string): Array<{ start: number; end: number }> {
  return [{ start: 0, end: text.length }, ...outlineLines(text)];
}

/** The memo of a statute version's text; '' when no piece of it needs the model. */
export function statuteSentenceMemo(text: string): string {
  const entries: string[] = [];
  const seen = new Set<string>();
  for (const { start, end } of piecesOf(text)) {
    const piece = text.slice(start, end);
    const range = `${start} ${end - start}`;
    if (seen.has(range) || !needsSentenceModel(piece)) continue;
    seen.add(range);
    const offsets = splitSentences(piece).flatMap((s) => [s.start, s.end]);
    entries.push(`${range} ${offsets.join(' ')}`);
  }
  return entries.length === 0 ? '' : `${sentenceSplitter()}\n${entries.join('\n')}`;
}

/**
 * Hands a stored memo's splits of `text` to splitSentences, which then answers for those pieces
 * without the model. A memo of another splitter, or an entry that does not fit the text, is skipped.
 */
export function rememberSentenceMemo(text: string, memo: string): void {
  if (memo === '') return;
  const lines = memo.split('\n');
  if (lines[0] !== sentenceSplitter()) return;
  for (let i = 1; i < lines.length; i++) {
    const numbers = (lines[i] ?? '').split(' ').map(Number);
    const [start = -1, length = -1] = numbers;
    if (!Number.isInteger(start) || !Number.isInteger(length) || start < 0 || start + length > text.length || numbers.length % 2 !== 0) continue;
    const offsets: Array<[number, number]> = [];
    for (let j = 2; j < numbers.length; j += 2) offsets.push([numbers[j] as number, numbers[j + 1] as number]);
    rememberSplit(text.slice(start, start + length), offsets);
  }
}

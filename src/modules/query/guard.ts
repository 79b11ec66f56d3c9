import { splitSentences } from '../../text/sentences.js';
import { formatTag, normalizeTags, finalizeAnswer } from './citation-tags.js';
import type { AnswerResult } from './answer-engine.js';

const TAG = /<<file_id = (\d+)>>/g;

interface TaggedSentence {
  text: string;
  ids: number[];
}

/** A line's text with its tags taken out, and where each tag stood in the remaining text. */
function stripTags(line: string, allowed: ReadonlySet<number>): { text: string; tags: { at: number; id: number }[] } {
  const tags: { at: number; id: number }[] = [];
  let text = '';
  let last = 0;
  for (const m of line.matchAll(TAG)) {
    const index = m.index ?? 0;
    text += line.slice(last, index);
    last = index + m[0].length;
    // "governs <<file_id = 3>>." must read "governs." once the tag is gone.
    if (/^[,.;:!?)]/.test(line.slice(last))) text = text.trimEnd();
    const id = Number(m[1]);
    // A tag naming a file that was not retrieved is removed outright: it supports nothing.
    if (allowed.has(id)) tags.push({ at: text.length, id });
  }
  text += line.slice(last);
  return { text, tags };
}

/**
 * The sentences of one line, each with the tags written inside it or after it (before the next
 * sentence starts). Tags that open a line belong to its first sentence: "<<file_id = 2>> X." is
 * a misplaced citation of X, not of the line before.
 */
function tagSentences(line: string, allowed: ReadonlySet<number>): { sentences: TaggedSentence[]; orphanIds: number[] } {
  const { text, tags } = stripTags(line, allowed);
  const spans = splitSentences(text);
  if (spans.length === 0) return { sentences: [], orphanIds: tags.map((t) => t.id) };
  const sentences: TaggedSentence[] = spans.map((s) => ({ text: s.text, ids: [] }));
  for (const tag of tags) {
    let owner = 0;
    for (let i = 0; i < spans.length; i++) {
      const span = spans[i];
      if (span !== undefined && span.start < tag.at) owner = i;
    }
    const sentence = sentences[owner];
    if (sentence !== undefined && !sentence.ids.includes(tag.id)) sentence.ids.push(tag.id);
  }
  return { sentences, orphanIds: [] };
}

/**
 * Checks a model's answer before anyone reads it: tags are normalized, a tag naming a file that was
 * not among the retrieved passages is removed, a tag written mid-sentence is moved after its
 * sentence, and every sentence left without a tag is dropped, because an unsupported claim must
 * not reach a legal user. Line breaks (lists, paragraphs) are kept. Null when nothing is left.
 */
export function guardModelAnswer(raw: string, retrievedIds: Iterable<number>): AnswerResult | null {
  const allowed = new Set(retrievedIds);
  const lines = normalizeTags(raw).replace(/\r\n?/g, '\n').split('\n');
  // null marks a blank line, kept so paragraphs and lists keep their shape.
  const tagged: Array<TaggedSentence[] | null> = [];
  for (const line of lines) {
    if (line.trim() === '') {
      tagged.push(null);
      continue;
    }
    const { sentences, orphanIds } = tagSentences(line, allowed);
    if (orphanIds.length > 0) {
      // A line of nothing but tags cites the last sentence above it.
      const previous = lastSentence(tagged);
      if (previous) for (const id of orphanIds) if (!previous.ids.includes(id)) previous.ids.push(id);
      continue;
    }
    tagged.push(sentences);
  }
  const out: string[] = [];
  for (const line of tagged) {
    if (line === null) {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    const kept = line.filter((s) => s.ids.length > 0).map((s) => `${s.text} ${s.ids.map(formatTag).join(' ')}`);
    if (kept.length > 0) out.push(kept.join(' '));
  }
  const text = out.join('\n').trim();
  if (text === '') return null;
  const result = finalizeAnswer(text, allowed);
  return result.citations.length === 0 ? null : result;
}

function lastSentence(lines: Array<TaggedSentence[] | null>): TaggedSentence | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (line && line.length > 0) return line[line.length - 1];
  }
  return undefined;
}

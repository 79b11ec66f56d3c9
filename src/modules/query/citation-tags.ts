import { NO_ANSWER, type AnswerResult } from './answer-engine.js';

/** A citation tag exactly as the API writes it: `<<file_id = 7>>`. */
const STRICT_TAG = /<<file_id = (\d+)>>/g;

/**
 * Spellings of a tag that models and people actually write: any case, with or without spaces,
 * `=` or `:` or nothing, `file_id` / `file id` / `file-id`, in `<< >>`, `< >`, `[ ]`, `[[ ]]` or
 * `( )`. They all name a file id explicitly, so reading them as tags is safe; a bare `[3]` is
 * not a tag (it may be a passage number) and is left as text.
 */
const LOOSE_TAG = /(?:<{1,2}|\[{1,2}|\()\s*file[\s_-]*id\s*[=:]?\s*(\d{1,15})\s*(?:>{1,2}|\]{1,2}|\))/gi;

/** Two or more tags separated by nothing but whitespace. */
const TAG_RUN = /<<file_id = \d+>>(?:\s*<<file_id = \d+>>)+/g;

/** `<<file_id = 7>>`. */
export function formatTag(fileId: number): string {
  return `<<file_id = ${fileId}>>`;
}

/** Rewrites every loose tag spelling (`<<file_id=3>>`, `<<File_ID = 3>>`, `[file_id: 3]`) in the exact form. */
export function normalizeTags(text: string): string {
  return text.replace(LOOSE_TAG, (_whole, digits: string) => formatTag(Number(digits)));
}

/** The ids of the exact tags in an answer, each once, in first-cited order. */
export function extractTagIds(answer: string): number[] {
  const ids: number[] = [];
  for (const m of answer.matchAll(STRICT_TAG)) {
    const id = Number(m[1]);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Replaces each exact tag with what `keep` returns for its id (the tag, or '' to drop it). */
function mapTags(text: string, keep: (id: number) => boolean): string {
  return text.replace(STRICT_TAG, (tag, digits: string) => (keep(Number(digits)) ? tag : ''));
}

/** One space before each run of tags, the same id not twice in a run, sentence punctuation before the tags. */
function tidyTagRuns(text: string): string {
  let out = text.replace(TAG_RUN, (run) => extractTagIds(run).map(formatTag).join(' '));
  // "... California <<file_id = 3>>." → "... California. <<file_id = 3>>": the tag follows the sentence.
  out = out.replace(/\s*((?:<<file_id = \d+>>\s*)+?)\s*([.!?;]+)(?=\s|$)/g, (_m, tags: string, punct: string) => `${punct} ${tags.trim()}`);
  out = out.replace(/[ \t]*(<<file_id = \d+>>)/g, ' $1');
  return out;
}

/** Drops tags that come before any words: a tag supports the sentence before it, and there is none. */
function dropLeadingTags(text: string): string {
  return text.replace(/^(?:\s*<<file_id = \d+>>)+\s*/, '');
}

function tidyWhitespace(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Enforces the answer rules on any engine's text: tags normalized to `<<file_id = N>>`, tags naming
 * ids outside `allowedIds` removed, each tag after the sentence it supports, and `citations` the
 * tag ids once each in first-cited order. An answer left with no tag is not grounded in the
 * workspace: it becomes the plain "do not answer" statement with no citations.
 */
export function finalizeAnswer(answer: string, allowedIds: Iterable<number>): AnswerResult {
  // A set is read as it is: the workspace's ready file ids, copied for every answer, were 7 ms of
  // CPU a question in a room of 20,000 documents.
  const allowed = allowedIds instanceof Set ? (allowedIds as ReadonlySet<number>) : new Set(allowedIds);
  let text = normalizeTags(answer);
  text = mapTags(text, (id) => allowed.has(id));
  text = tidyWhitespace(dropLeadingTags(tidyTagRuns(text)));
  const citations = extractTagIds(text);
  if (citations.length === 0) return { answer: NO_ANSWER, citations: [] };
  return { answer: text, citations };
}

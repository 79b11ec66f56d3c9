import { formatTag } from './citation-tags.js';
import { fileNameSignals } from './ranking/file-signals.js';
import type { Evidence } from './sentence-selection.js';

/** Quoted sentences longer than this are cut at a word boundary and marked with an ellipsis. */
const MAX_QUOTE_CHARS = 500;
/** List answers quote a shorter excerpt per file: the list is for scanning. */
const MAX_LIST_QUOTE_CHARS = 220;

const ENUMERATOR = /^(?:(?:section|article|clause|paragraph)\s+)?(?:\d+(?:\.\d+)*\.?|\(\s*[a-zA-Z0-9]{1,5}\s*\)|[a-zA-Z]{1,3}[.)]|[ivxlc]{1,6}\.)\s+/i;
/** A heading before the sentence: "Governing Law; Choice of Forum." or "APPLICABLE LAW". */
const TITLE_HEADING = /^(?:[A-Z][\w'’&-]*|of|and|the|or|for|to|in|on)(?:[ ,;]+(?:[A-Z][\w'’&-]*|of|and|the|or|for|to|in|on)){0,7}[.:]\s+(?=["“(]?[A-Z])/;
const CAPS_HEADING = /^[A-Z][A-Z0-9'’&,;\- ]{2,70}?[.:]?\s+(?=[A-Z][a-z])/;

/** Titles by file id, from the documents' own headings and parties (see ranking/document-title.ts). */
export type TitleMap = ReadonlyMap<number, string>;

/** Title of a file for answers: "the Supply Agreement between Bellicum Pharmaceuticals and Miltenyi Biotec", else from its name: "the Distributor Agreement (Accuray)". */
export function fileTitle(fileName: string, known?: string): string {
  const title = known ?? fileNameSignals(fileName).title;
  return /\b(?:agreement|contract|amendment|addendum|license|lease|letter)\b/i.test(title) && !/^the\b/i.test(title) ? `the ${title}` : title;
}

/**
 * A sentence as it reads in an answer: whitespace collapsed, leading list numbering and section
 * headings removed ("12.5 Governing Law; Choice of Forum. This Agreement ..." → "This Agreement ..."),
 * anything shaped like a citation tag defused so a document cannot cite on its own behalf,
 * a final `;` (a list item's end) turned into a period, and a sentence that stops short of its end
 * marked as cut.
 */
export function cleanSentence(text: string, maxChars = MAX_QUOTE_CHARS): string {
  let s = text.replace(/\s+/g, ' ').trim();
  s = s.replace(/<</g, '‹‹').replace(/>>/g, '››');
  for (let i = 0; i < 4; i++) {
    const before = s;
    s = s.replace(ENUMERATOR, '');
    const heading = TITLE_HEADING.exec(s) ?? CAPS_HEADING.exec(s);
    // A heading is short and leaves a real sentence behind it.
    if (heading && heading[0].length <= 80 && s.length - heading[0].length >= 30) s = s.slice(heading[0].length);
    if (s === before) break;
  }
  if (s.length > maxChars) {
    const cut = s.lastIndexOf(' ', maxChars - 1);
    s = `${s.slice(0, cut > maxChars / 2 ? cut : maxChars - 1).replace(/[\s,;:]+$/, '')}…`;
  }
  s = s.replace(/;$/, '.');
  // Text that stops without ending its sentence (a page break, a passage's edge, a list announced
  // by a colon) is marked as cut, not closed with a period the document does not have: "... IN NO
  // EVENT WILL EITHER PARTY BE LIABLE ... FOR ANY SPECIAL, INCIDENTAL OR CONSEQUENTIAL DAMAGES,
  // WHETHER" goes on over the page, and a period there would misquote it as a whole sentence.
  if (!/[.!?…"”)]$/.test(s)) s = `${s.replace(/[\s,:]+$/, '')}…`;
  return s;
}

/** Sentences grouped by file, files in the order of their best sentence, each file's in document order. */
function groupByFile(chosen: Evidence[]): Evidence[][] {
  const groups = new Map<number, Evidence[]>();
  for (const e of chosen) groups.set(e.fileId, [...(groups.get(e.fileId) ?? []), e]);
  return [...groups.values()].map((g) => g.sort((a, b) => a.passageRank - b.passageRank || a.offset - b.offset));
}

/**
 * The answer from chosen sentences: one paragraph per file, opened with the file's title, each
 * sentence followed by its tag: "In the Endorsement Agreement (Adams Golf): This Agreement shall
 * be governed ... Kansas. <<file_id = 4>>".
 */
export function composeAnswer(chosen: Evidence[], titles: TitleMap = new Map()): string {
  return groupByFile(chosen)
    .map((group) => {
      const first = group[0];
      if (first === undefined) return '';
      const sentences = group.map((e) => `${cleanSentence(e.text)} ${formatTag(e.fileId)}`).join(' ');
      return `In ${fileTitle(first.fileName, titles.get(first.fileId))}: ${sentences}`;
    })
    .filter((p) => p !== '')
    .join('\n\n');
}

/** A file listed in answer to "which documents ...": by a supporting sentence, or by its name alone. */
export interface ListedFile {
  fileId: number;
  fileName: string;
  evidence: Evidence | null;
}

/** The answer to "which documents ...": a lead-in line, then one line per file with its tag. */
export function composeFileList(files: ListedFile[], titles: TitleMap = new Map()): string {
  const lines = files.map((f) => {
    const quote = f.evidence ? `: ${cleanSentence(f.evidence.text, MAX_LIST_QUOTE_CHARS)}` : '';
    const title = titles.get(f.fileId) ?? fileNameSignals(f.fileName).title;
    return `- ${title}${quote} ${formatTag(f.fileId)}`;
  });
  const lead = files.length === 1 ? 'One document in this workspace matches:' : `${files.length} documents in this workspace match:`;
  return [lead, ...lines].join('\n');
}

const LIST_QUESTION = [
  /\b(?:which|what|list|identify|name|show)\s+(?:of\s+the\s+|the\s+|all\s+(?:of\s+)?(?:the\s+)?|our\s+)?(?:[\w-]+\s+){0,2}?(?:documents|agreements|contracts|files)\b/i,
  /\bwhich\s+(?:[\w-]+\s+)?(?:document|agreement|contract|file)\b/i,
  /\b(?:do|does|are\s+there)\s+any\s+(?:of\s+the\s+|other\s+)?(?:[\w-]+\s+)?(?:documents|agreements|contracts|files)\b/i,
];

/** True for "which documents/agreements/contracts ..." questions, answered with a list of files. */
export function isListQuestion(question: string): boolean {
  return LIST_QUESTION.some((re) => re.test(question));
}

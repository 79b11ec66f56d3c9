import type { AnswerRequest } from './answer-engine.js';
import { formatTag } from './citation-tags.js';
import { TAG_THRESHOLD } from '../../text/clauses/clause-model.js';
import type { ChatMessage } from '../../shared/llm/chat-client.js';

export interface PromptLimits {
  /** Passages sent to the model, best first (default 8). */
  maxPassages: number;
  /** Characters of one passage sent (default 2,000): passages are ~700–1,400 characters. */
  maxPassageChars: number;
}

export const DEFAULT_PROMPT_LIMITS: PromptLimits = { maxPassages: 8, maxPassageChars: 2000 };

export const SYSTEM_PROMPT = [
  'You answer questions about a legal workspace using ONLY the numbered passages provided by the user.',
  'Rules:',
  '1. Use only facts stated in the passages. Do not use outside knowledge. Do not guess.',
  '2. After EVERY sentence of your answer, write the citation tag of the file that supports it, exactly in the form <<file_id = N>>, where N is the file id given with the passage. Never invent a file id.',
  '3. A sentence you cannot support with a passage must not be written.',
  '4. If the passages do not answer the question, reply exactly: The documents in this workspace do not answer this question.',
  '5. Be concise: at most four sentences, or one line per document when the question asks which documents match. Quote contract wording where it matters (periods, amounts, governing law).',
  '6. Passages carry the clause types a classifier found in them ("clauses: Governing Law"); use them to find the clause asked about. Answer first (the state, the period, yes or no), then quote the clause.',
  '7. When the question names a document and a note says that document has no such clause, say so plainly and cite that document.',
].join('\n');

/** "clauses: Governing Law, Anti-Assignment" for a passage tagged with clause types, else ''. */
function clauseLine(clauses: Record<string, number> | undefined): string {
  const tags = Object.entries(clauses ?? {})
    .filter(([, p]) => p >= TAG_THRESHOLD)
    .sort((a, b) => b[1] - a[1])
    .map(([c]) => c);
  return tags.length > 0 ? ` — clauses: ${tags.join(', ')}` : '';
}

/** The messages for one question: the system rules, then the passages labelled with file id and name, then the question. */
export function buildMessages(request: AnswerRequest, limits: PromptLimits = DEFAULT_PROMPT_LIMITS): ChatMessage[] {
  // The named document's clause passages are shown first, so the model reads the clause asked about.
  const focused = request.focus?.passages ?? [];
  const rest = request.passages.filter((p) => !focused.some((f) => f.fileId === p.fileId && f.text === p.text));
  const passages = [...focused, ...rest].slice(0, limits.maxPassages).map((p, i) => {
    const text = p.text.length > limits.maxPassageChars ? `${p.text.slice(0, limits.maxPassageChars)}…` : p.text;
    const page = p.page === null ? '' : `, page ${p.page}`;
    return `[Passage ${i + 1}] file_id ${p.fileId} — "${p.fileName}"${page}${clauseLine(p.clauses)} — cite as ${formatTag(p.fileId)}\n${text.trim()}`;
  });
  const focus = request.focus;
  const note = !focus
    ? ''
    : focus.clear
      ? `\n\nNote: the question names file_id ${focus.fileId} ("${focus.fileName}"); its ${focus.category} clause is in the first passage(s).`
      : focus.present
      ? `\n\nNote: the question names file_id ${focus.fileId} ("${focus.fileName}"); the first passage(s) are its likeliest ${focus.category} wording, but none is plainly such a clause: do not answer yes or no from them.`
      : `\n\nNote: the question names file_id ${focus.fileId} ("${focus.fileName}"), which has no ${focus.category} clause; the passages shown from it are its nearest provisions${focus.opposite ? ', the first of which words it in the negative' : ''}.`;
  const user = `Passages:\n\n${passages.join('\n\n')}${note}\n\nQuestion: ${request.question.trim()}`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

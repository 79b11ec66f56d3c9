import type { ChatMessage } from '../../../../shared/llm/chat-client.js';
import type { ResponseStructure } from '../../response-structure.js';
import type { AnswerInput } from '../answer-cell.js';
import type { CandidateSentence } from '../cell-answer.types.js';

/** Sentences a model reads for one cell, and the characters of each it is shown. */
export const CELL_PROMPT_LIMITS = { maxSentences: 10, maxSentenceChars: 1200 };

/**
 * The sentences offered to the model, numbered from 1: the clause sentences first (the classifier's
 * reading of the clause asked for), then the question-matched candidates, without repeats. The
 * model can only cite by number, so every quote it produces is one of these spans, verbatim.
 */
export function offeredSentences(input: AnswerInput, limit = CELL_PROMPT_LIMITS.maxSentences): CandidateSentence[] {
  const out: CandidateSentence[] = [];
  const seen = new Set<string>();
  for (const s of [...(input.clause?.sentences ?? []), ...input.candidates]) {
    const key = `${s.fileId}:${s.page}:${s.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length >= limit) break;
  }
  return out;
}

/** How the JSON `value` must look for each response structure, in the model's instructions. */
function valueShape(structure: ResponseStructure): string {
  switch (structure.kind) {
    case 'text':
      return 'a short string answering the question in the contract\'s own words';
    case 'yes_no':
      return 'true or false (false when the excerpts show no such clause)';
    case 'date':
      return 'a date "YYYY-MM-DD" that an excerpt states, or computes from dates the excerpts state ("three years after the Effective Date"); null when no date can be given';
    case 'duration':
      return 'an object {"days": N, "text": "90 days"} for a period an excerpt states (a month counts 30 days, a year 365)';
    case 'money':
      return 'an object {"amount": N, "currency": "USD"} (ISO 4217 code) for an amount an excerpt states';
    case 'number':
      return 'a number an excerpt states';
    case 'jurisdiction':
      return 'the governing state or country exactly as an excerpt names it, e.g. "New York" or "England and Wales"';
    case 'list':
      return 'an array of short strings, each an item the excerpts list';
    case 'enum':
      return `exactly one of ${structure.options.map((o) => JSON.stringify(o)).join(', ')}`;
  }
}

export const CELL_SYSTEM_PROMPT = [
  'You fill one cell of a contract review table from numbered excerpts of one contract.',
  'Reply with one JSON object and nothing else: {"value": <value>, "sentences": [<excerpt numbers>]}.',
  'Rules:',
  '1. Use only what the excerpts state. No outside knowledge, no guesses.',
  '2. "sentences" lists the numbers of the excerpts that state the value. A value that no excerpt states must not be given.',
  '3. When the excerpts do not answer, reply {"value": null, "sentences": []} (for a yes/no question: false, citing the nearest excerpt if any).',
].join('\n');

/** The chat messages for one cell. */
export function buildCellMessages(input: AnswerInput, offered: CandidateSentence[]): ChatMessage[] {
  const excerpts = offered.map((s, i) => `[${i + 1}] (page ${s.page}) ${s.text.slice(0, CELL_PROMPT_LIMITS.maxSentenceChars)}`);
  const clause = input.clause ? `\nThe clause asked about: ${input.clause.category}${input.clause.sentences.length === 0 ? ' (the clause classifier found no passage of it in this contract)' : ''}.` : '';
  const user = [`Question: ${input.question}`, `Value: ${valueShape(input.structure)}.${clause}`, '', 'Excerpts:', ...(excerpts.length > 0 ? excerpts : ['(none)'])].join('\n');
  return [
    { role: 'system', content: CELL_SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

// The messages sent to the model for an ask and for a check. Pure: no I/O.
import type { CandidateSection } from '../ask/ask.types.js';
import type { ChatMessage } from '../../../shared/llm/chat-client.js';

export interface PromptLimits {
  /** Sections shown to the model, in retrieval order (default 5). */
  maxSections: number;
  /** Characters of one section's text shown (default 6,000): most sections are shorter. */
  maxSectionChars: number;
}

export const DEFAULT_PROMPT_LIMITS: PromptLimits = { maxSections: 5, maxSectionChars: 6000 };

/**
 * The sections the model is shown, in retrieval order: the first `maxSections` candidates, except
 * that sections in `keep` (the ones the built-in composer cited) are always among them, since its
 * own ranking may have reached past the first few, and the model should see what it relied on.
 */
export function shownSections(candidates: readonly CandidateSection[], limits: PromptLimits = DEFAULT_PROMPT_LIMITS, keep: readonly string[] = []): CandidateSection[] {
  const kept = candidates.filter((c) => keep.includes(c.citation)).slice(0, limits.maxSections);
  const others = candidates.filter((c) => !kept.includes(c)).slice(0, limits.maxSections - kept.length);
  const chosen = new Set([...kept, ...others]);
  return candidates.filter((c) => chosen.has(c));
}

function renderSection(c: CandidateSection, index: number, limits: PromptLimits): string {
  const text = c.text.length > limits.maxSectionChars ? `${c.text.slice(0, limits.maxSectionChars)}\n[… text cut here …]` : c.text;
  return [
    `[Section ${index + 1}] citation: ${c.citation}`,
    `heading: ${c.heading}`,
    `in force from: ${c.effectiveFrom}; status: ${c.status}`,
    'text:',
    text.trim(),
  ].join('\n');
}

function renderSections(sections: readonly CandidateSection[], limits: PromptLimits): string {
  return sections.map((c, i) => renderSection(c, i, limits)).join('\n\n');
}

const QUOTE_RULES = [
  'Each citation\'s "code" must be copied exactly from the "citation:" line of one of the sections given.',
  'Each "quote" must be copied character for character from that section\'s text: one sentence or clause, under 400 characters, no ellipsis, no paraphrase. Quotes that are not found verbatim are discarded.',
  'Do not mention or cite any section that is not given, even if the text refers to it. Do not use outside knowledge.',
  'Reply with the JSON object only: no prose before or after it.',
];

const ASK_SYSTEM = [
  'You answer questions about statutes using ONLY the statute sections provided by the user.',
  'Reply with a single JSON object of exactly this shape:',
  '{"answer": "<a concise answer in plain English, naming the sections it relies on>", "citations": [{"code": "<citation of a given section>", "quote": "<verbatim words from that section>"}], "confidence": "HIGH|MEDIUM|LOW"}',
  'Rules:',
  '1. Every statement in the answer must be supported by a quote in "citations".',
  ...QUOTE_RULES.map((r, i) => `${i + 2}. ${r}`),
  `${QUOTE_RULES.length + 2}. If the sections do not answer the question, say so in "answer", cite the nearest section with a quote, and set "confidence" to "LOW".`,
  `${QUOTE_RULES.length + 3}. "confidence" is HIGH only when a quoted provision answers the question directly.`,
].join('\n');

/** The messages for an ask: the rules, then `sections` (chosen with shownSections), then the question. */
export function buildAskMessages(
  question: string,
  jurisdictionName: string,
  sections: readonly CandidateSection[],
  limits: PromptLimits = DEFAULT_PROMPT_LIMITS,
): ChatMessage[] {
  const user = `Jurisdiction: ${jurisdictionName}\n\nSections:\n\n${renderSections(sections, limits)}\n\nQuestion: ${question.trim()}`;
  return [
    { role: 'system', content: ASK_SYSTEM },
    { role: 'user', content: user },
  ];
}

const CHECK_SYSTEM = [
  'You check a legal assertion against the statute sections provided by the user, using ONLY those sections.',
  'Reply with a single JSON object of exactly this shape:',
  '{"verdict": "SUPPORTED|CONTRADICTED|NO_MATCH", "explanation": "<one or two sentences naming the words that decide it>", "citations": [{"code": "<citation of a given section>", "quote": "<verbatim words from that section>"}]}',
  'Rules:',
  '1. SUPPORTED: a section states what the assertion says. CONTRADICTED: a section states otherwise (another number, period, party, or the negation). NO_MATCH: no section speaks to it.',
  '2. For SUPPORTED or CONTRADICTED, the first citation quotes the deciding words. For NO_MATCH, cite the nearest section with a quote.',
  ...QUOTE_RULES.map((r, i) => `${i + 3}. ${r}`),
  `${QUOTE_RULES.length + 3}. The explanation is under 1,000 characters.`,
].join('\n');

/** The messages for a check: the rules, then `sections` (chosen with shownSections), then the assertion. */
export function buildCheckMessages(assertion: string, sections: readonly CandidateSection[], limits: PromptLimits = DEFAULT_PROMPT_LIMITS): ChatMessage[] {
  const user = `Sections:\n\n${renderSections(sections, limits)}\n\nAssertion: ${assertion.trim()}`;
  return [
    { role: 'system', content: CHECK_SYSTEM },
    { role: 'user', content: user },
  ];
}

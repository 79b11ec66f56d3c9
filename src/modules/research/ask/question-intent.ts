// What kind of answer a question asks for: a period, an amount, a count, or what a term means.
// A provision that states that kind of thing is more likely to be the answer than one that only
// shares the question's words.
import { extractQuantities } from '../verdict/quantities.js';

export type AnswerKind = 'period' | 'amount' | 'count' | 'age';

export interface QuestionIntent {
  /** The kind of fact the question asks for, or null for open questions ("can a landlord ..."). */
  expects: AnswerKind | null;
  /** True when the question asks what a term means, so definitions are the answer, not noise. */
  definition: boolean;
}

const PERIOD_ASK =
  /\bhow\s+(?:long|soon|quickly|late|early|many\s+(?:calendar\s+|business\s+|working\s+)?(?:days|weeks|months|years|hours))\b|\bhow\s+much\s+(?:time|notice|advance\s+notice)\b|\bdeadlines?\b|\btime\s+limits?\b|\blimitations?\s+period\b|\bstatute\s+of\s+limitations?\b|\bby\s+when\b|\bwhen\s+(?:must|should|does|do|is|are|will|can)\b|\bwithin\s+what\b|\bwaiting\s+period\b/i;
const AMOUNT_ASK =
  /\bhow\s+much\b|\bhow\s+(?:high|large|big)\b|\brates?\b|\bpercent(?:age)?\b|\bwhat\s+(?:is|are)\s+the\s+(?:fine|fee|penalt(?:y|ies)|amount|tax|cap|limit|maximum|minimum)\b|\bmaximum\s+(?:fine|penalty|amount|sentence)\b|\bminimum\s+(?:wage|fine|amount)\b|\bhow\s+many\s+dollars\b/i;
const AGE_ASK = /\bhow\s+old\b|\bwhat\s+age\b|\bat\s+what\s+age\b|\b(?:minimum|legal)\s+age\b|\bage\s+limit\b/i;
const COUNT_ASK = /\bhow\s+many\b|\bwhat\s+number\s+of\b|\bminimum\s+number\b/i;
const DEFINITION_ASK =
  /\bdefin(?:e|ed|es|ition|itions)\b|\bmeaning\b|\bwhat\s+(?:does|do)\b.*\bmean\b|\bwhat\s+(?:is|are)\s+(?:an?\s+|the\s+term\s+)?["“']|\bwhat\s+(?:is|are)\s+an?\s+\w+(?:\s+\w+)?\s*(?:\?|$|for\s+(?:the\s+)?purposes?\b|under\b|in\s+the\b)|\bwhat\s+counts\s+as\b|\bwho\s+(?:is|counts\s+as)\s+an?\b|\bis\s+an?\s+\w+\s+considered\s+an?\b/i;

/** Reads what the question asks for from its wording. */
export function readIntent(question: string): QuestionIntent {
  const expects: AnswerKind | null = AGE_ASK.test(question)
    ? 'age'
    : PERIOD_ASK.test(question)
    ? 'period'
    : AMOUNT_ASK.test(question)
      ? 'amount'
      : COUNT_ASK.test(question)
        ? 'count'
        : null;
  return { expects, definition: DEFINITION_ASK.test(question) };
}

// Periods stated without a number ("the working day following such discharge", "the next regular payday").
const WORDED_PERIOD = /\b(?:next|following)\s+(?:regular\s+)?(?:working\s+|business\s+|calendar\s+)?(?:day|payday)\b|\bday\s+following\b|\bimmediately\b|\bforthwith\b/i;

// An age: "18 years of age", "21 years old", "under the age of 16", "age 65", "a minor".
const STATED_AGE = /\b(?:\d+|[a-z]+(?:-[a-z]+)?)\s+years?\s+(?:of\s+age|old)\b|\bage\s+of\s+(?:\d+|[a-z]+)\b|\bages?\s+\d+\b|\bminors?\b/i;

/** True when `text` states a fact of the kind asked for. */
export function statesKind(text: string, kind: AnswerKind): boolean {
  const quantities = extractQuantities(text);
  switch (kind) {
    case 'period':
      return quantities.some((q) => q.kind === 'period' || q.kind === 'frequency') || WORDED_PERIOD.test(text);
    case 'amount':
      return quantities.some((q) => q.kind === 'money' || q.kind === 'percent');
    case 'count':
      return quantities.length > 0;
    case 'age':
      return STATED_AGE.test(text);
  }
}

/** Token F1 between an answer and gold text, as SQuAD computes it (lowercased words, no punctuation). */
export function tokenF1(answer: string, gold: string): number {
  const tokens = (s: string) => s.toLowerCase().replace(/<<file_id = \d+>>/g, ' ').match(/[a-z0-9]+/g) ?? [];
  const a = tokens(answer);
  const g = tokens(gold);
  if (a.length === 0 || g.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of a) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / a.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The answer's lead: its first sentence (up to the first citation tag or line break). */
export function leadOf(answer: string): string {
  return answer.split(/<<file_id = \d+>>|\n/)[0]?.trim() ?? '';
}

/**
 * True when an answer declines: no citation at all, or a plain statement that the named contract
 * has no such clause (which may cite that contract to show where the engine looked).
 */
export function isAbstention(answer: string, citations: number[]): boolean {
  return citations.length === 0 || /\b(?:has|contains) no (?:clause|provision)\b/i.test(leadOf(answer));
}

/**
 * The lead a yes/no question of cuad-questions.ts's templates has when the contract has the clause
 * (CUAD's `-Answer` column says Yes). Anti-Assignment's asks whether a party can assign "without the
 * other party's consent", which a clause restricting assignment answers no; Change Of Control's asks
 * "what happens", which no yes or no answers, so it has no direct answer to check. (Until this was
 * written down, every one of them was scored on "yes", and "Yes." above a clause reading "may not
 * assign ... without ... prior written consent" counted as exact.)
 */
export const YES_NO_LEADS: Record<string, 'yes' | 'no'> = {
  'Non-Compete': 'yes', Exclusivity: 'yes', 'Anti-Assignment': 'no', 'Cap On Liability': 'yes',
  'Termination For Convenience': 'yes', 'Audit Rights': 'yes', 'Minimum Commitment': 'yes',
};

/**
 * Whether the answer's lead states CUAD's normalised value: the governing state or country, the
 * notice period ("60 days"), yes for a clause that is there. null when the category has no
 * checkable value for this question.
 */
/**
 * What the lead of a yes/no question's answer says (cuad-questions.ts's templates, YES_NO_LEADS):
 * `present`, the answer a contract having the clause gets ("Yes." to a non-compete, "No." to assigning
 * without consent); `unclear`, neither said ("Unclear: ..."); `other`, anything else (an
 * abstention, "No." to a non-compete). Null for a category without a yes/no lead.
 */
export function yesNoLead(category: string, answer: string): 'present' | 'unclear' | 'other' | null {
  const expected = YES_NO_LEADS[category];
  if (expected === undefined) return null;
  const lead = leadOf(answer).toLowerCase();
  if (new RegExp(`^${expected}\\b`).test(lead)) return 'present';
  return /^unclear\b/.test(lead) ? 'unclear' : 'other';
}

export function directAnswerExact(category: string, goldAnswer: string, answer: string): boolean | null {
  const lead = leadOf(answer).toLowerCase();
  if (category === 'Governing Law') {
    const place = goldAnswer.split(/[;,]/)[0]?.trim().toLowerCase();
    return place ? lead.includes(place) : null;
  }
  if (category === 'Notice Period To Terminate Renewal') {
    const m = /(\d+)\s*(day|month|year|week)/i.exec(goldAnswer);
    if (!m) return null;
    return new RegExp(`\\b${m[1]}\\b[\\s-]*(?:\\(\\d+\\)\\s*)?${m[2]}`, 'i').test(lead) || new RegExp(`\\(${m[1]}\\)[\\s-]*${m[2]}`, 'i').test(lead);
  }
  const expected = YES_NO_LEADS[category];
  if (expected !== undefined) return new RegExp(`^${expected}\\b`).test(lead);
  return null;
}

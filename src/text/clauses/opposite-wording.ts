/**
 * Wording that states the opposite of a clause type (pure). "a worldwide, non-exclusive right to
 * use" shares its words with an exclusive grant, and the classifier tags such passages with
 * Exclusivity: on eval:workspace's tune half, 22 of the contracts CUAD marks as having no
 * exclusivity clause were answered "Yes." from a non-exclusive grant. CUAD's Exclusivity is an
 * exclusive commitment; a grant said to be non-exclusive is evidence that there is none.
 *
 * Only categories whose name is one word that a prefix negates are listed: their opposite is
 * written the same way in every contract, not guessed per question.
 */
const OPPOSITES: Record<string, { term: RegExp; negated: RegExp }> = {
  Exclusivity: { term: /exclusiv/gi, negated: /\b(?:non|not)[\s-]*exclusiv/gi },
};

/**
 * True when `text` speaks of the category only in its negated form ("non-exclusive", "not
 * exclusive"): every mention of the term is negated. False for a category without such a form,
 * and for text that also states the term plainly ("an exclusive, non-transferable license").
 */
export function statesOnlyOpposite(category: string, text: string): boolean {
  const forms = OPPOSITES[category];
  if (forms === undefined) return false;
  const negated = text.match(forms.negated)?.length ?? 0;
  return negated > 0 && negated === (text.match(forms.term)?.length ?? 0);
}

/**
 * How likely a passage is to express `category`: its stored tag, or 0 when it words the category
 * only in the negative. What every reader of clause tags goes by (a named document's clause, a
 * review-table cell, the clause boost of a workspace-wide question); the stored tag itself is kept,
 * to find what a document says instead.
 */
export function expressedProbability(category: string, passage: { text: string; clauses?: Record<string, number> }): number {
  return statesOnlyOpposite(category, passage.text) ? 0 : (passage.clauses?.[category] ?? 0);
}

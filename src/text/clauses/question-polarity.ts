/**
 * What a yes/no question about a clause type is answered when the document has that clause (pure).
 * "Does the agreement restrict assignment?" is answered yes by an anti-assignment clause, but "Can a
 * party assign it without the other party's consent?" is answered no by the same clause: the
 * question asks for the freedom the clause takes away. A question that is not a yes/no question
 * ("What happens if a party undergoes a change of control?") gets no yes or no at all.
 */

/** Clause types that take a freedom away: a question asking for that freedom is answered no. */
const RESTRICTIONS = new Set([
  'Anti-Assignment', 'Non-Compete', 'No-Solicit Of Customers', 'No-Solicit Of Employees', 'Non-Disparagement',
  'Non-Transferable License', 'Volume Restriction', 'Price Restrictions', 'Covenant Not To Sue',
]);

/** A leading frame before the question proper: "Under the Acme agreement, can a party ...". */
const FRAME = /^\s*(?:in|under|for|per|according\s+to|with\s+respect\s+to|regarding)\b[^,?]*,\s*/i;
const YES_NO_OPENER = /^\s*(?:is|are|does|do|did|can|could|may|might|must|shall|should|will|would|has|have|had|was|were)\b/i;
/** Asking whether something may be done: "can/may a party ...", "is a party free/allowed to ...". */
const PERMISSION = /^\s*(?:can|could|may|might)\b|\b(?:allowed|permitted|free|able|entitled)\s+to\b/i;
/**
 * Asking about the restriction itself: "does it restrict ...", "is consent required ...". In
 * lowercase only: a document's name in the question ("2205925 Ontario Limited", "Limited Power Of
 * Attorney") is capitalised and asks nothing.
 */
const ASKS_RESTRICTION = /\b(?:restrict|prohibit|prevent|limit|forbid|bar|preclude|requir|need|non-?compet|covenant)[a-z]*/;
/** "without the other party's consent": the freedom asked for is the one the clause conditions. */
const WITHOUT = /\bwithout\b/i;

/**
 * The lead that answers `question` about `category` when the document has the clause: 'Yes.',
 * 'No.' (a restriction against a question asking for the freedom it conditions, "without consent"),
 * 'Not freely.' (a restriction against a question asking for the freedom plainly), or null when the
 * question is not a yes/no question.
 */
export function leadWhenPresent(category: string, question: string): 'Yes.' | 'No.' | 'Not freely.' | null {
  const asked = question.replace(FRAME, '');
  if (!YES_NO_OPENER.test(asked)) return null;
  if (RESTRICTIONS.has(category) && PERMISSION.test(asked) && !ASKS_RESTRICTION.test(asked)) return WITHOUT.test(asked) ? 'No.' : 'Not freely.';
  return 'Yes.';
}

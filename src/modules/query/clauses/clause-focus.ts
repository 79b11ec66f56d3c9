import { TAG_THRESHOLD, type ClauseCategory } from '../../../text/clauses/clause-model.js';
import type { ClauseFocus, RetrievedPassage } from '../answer-engine.js';
import { expressedProbability, statesOnlyOpposite } from '../../../text/clauses/opposite-wording.js';

/** Passages of the named document quoted as "nearest" when it lacks the clause. */
const NEAREST_PASSAGES = 3;

/**
 * The clause of one document a question asks for (pure): its passages ranked by the classifier's
 * probability for the category; the document is judged to have the clause when its best passage
 * clears the category's presence cut-off. `ranked` are the document's passages retrieval ranked
 * for the question, used as "nearest provisions" when the clause is missing.
 */
export function clauseFocus(
  file: { fileId: number; fileName: string },
  category: ClauseCategory,
  passages: RetrievedPassage[],
  ranked: RetrievedPassage[],
): ClauseFocus {
  // A passage that words the clause only in the negative ("a non-exclusive right") does not express it.
  const tagged = (x: RetrievedPassage) => x.clauses?.[category.name] ?? 0;
  const p = (x: RetrievedPassage) => expressedProbability(category.name, x);
  const byClause = [...passages].sort((a, b) => p(b) - p(a));
  const best = byClause[0];
  const present = best !== undefined && p(best) >= category.present;
  const clear = present && p(best) >= TAG_THRESHOLD;
  const focus = { fileId: file.fileId, fileName: file.fileName, category: category.name, present, clear };
  if (present) return { ...focus, passages: byClause.filter((x) => p(x) >= 0.5 * p(best)).slice(0, 2) };
  // Lacking the clause but wording it in the negative where it would stand ("a non-exclusive
  // right" tagged as exclusivity): that passage is what the document says instead, quoted first.
  const opposite = passages.filter((x) => tagged(x) >= category.present && statesOnlyOpposite(category.name, x.text)).sort((a, b) => tagged(b) - tagged(a))[0];
  // The nearest provision to a missing clause is the document's wording most like that clause (its
  // passages the classifier gave any probability for it), not what best matches the question's
  // words: within the named document those are mostly its own name, which its heading and signature
  // block repeat ("the nearest provision reads: BY: /s/ ..."). Ranked passages when none has any.
  const likeliest = byClause.filter((x) => p(x) > 0);
  const nearest = likeliest.length > 0 ? likeliest : ranked;
  if (opposite === undefined) return { ...focus, passages: nearest.slice(0, NEAREST_PASSAGES) };
  return { ...focus, opposite: true, passages: [opposite, ...nearest.filter((x) => x.text !== opposite.text)].slice(0, NEAREST_PASSAGES) };
}

/**
 * The first of `fileIds` (in order) whose focus finds the clause, else the first one's focus. Files
 * are read one at a time and only until one has the clause: a named document that has it costs one read.
 */
export async function focusWithClause(fileIds: number[], focusOn: (fileId: number) => Promise<ClauseFocus>): Promise<ClauseFocus> {
  const [first, ...rest] = fileIds;
  if (first === undefined) throw new Error('focusWithClause needs at least one file');
  const firstFocus = await focusOn(first);
  if (firstFocus.present) return firstFocus;
  for (const fileId of rest) {
    const focus = await focusOn(fileId);
    if (focus.present) return focus;
  }
  return firstFocus;
}

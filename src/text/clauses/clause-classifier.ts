import model from './clause-model.json' with { type: 'json' };
import { createClauseClassifier, type ClauseClassifier, type ClauseModelData } from './clause-model.js';

let shared: ClauseClassifier | null = null;

/** The classifier over the weights shipped in the repository (trained by `npm run train:clauses`). */
export function clauseClassifier(): ClauseClassifier {
  shared ??= createClauseClassifier(model as unknown as ClauseModelData);
  return shared;
}

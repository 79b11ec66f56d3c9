import { readFileSync } from 'node:fs';
// Type-only: it keeps the JSON in the TypeScript program, so the build copies it beside the compiled
// module; the weights themselves are read below, not held by a module record for the process's life.
import type _shipped from './clause-model.json';
import { createClauseClassifier, type ClauseClassifier, type ClauseModelData } from './clause-model.js';

let shared: ClauseClassifier | null = null;

/** The classifier over the weights shipped in the repository (trained by `npm run train:clauses`). */
export function clauseClassifier(): ClauseClassifier {
  if (shared === null) {
    const model = JSON.parse(readFileSync(new URL('./clause-model.json', import.meta.url), 'utf8')) as ClauseModelData;
    shared = createClauseClassifier(model);
    // The classifier keeps the weights compiled into typed arrays; the parsed JSON (hundreds of
    // thousands of small arrays, about 60 MB of heap in every thread and extraction process that
    // tags or reads questions) is let go.
    model.weights = {};
  }
  return shared;
}

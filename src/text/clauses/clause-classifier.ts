import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
// Type-only: they keep the JSON files in the TypeScript program, so the build copies them beside the
// compiled module; the weights themselves are read below, not held by a module record for the process's life.
import type _shipped from './clause-model.json';
import type _columns from './clause-model.columns.json';
import { createClauseClassifier, type ClauseClassifier, type ClauseModelColumns } from './clause-model.js';
import { createQuestionClauseReader, type AskedClause, type QuestionClauseReader } from './question-clause.js';
import { clauseModelFiles } from './clause-model-files.js';

let shared: ClauseClassifier | null = null;
let fingerprint: string | null = null;

/** The classifier over the weights shipped in the repository (trained by `npm run train:clauses`), or FOLIO_CLAUSE_MODEL's. */
export function clauseClassifier(): ClauseClassifier {
  if (shared === null) {
    const model = JSON.parse(readFileSync(clauseModelFiles().columns, 'utf8')) as ClauseModelColumns;
    // The classifier keeps the weights compiled into typed arrays, not the parsed JSON, which is let
    // go with `model`.
    shared = createClauseClassifier(model);
  }
  return shared;
}

/**
 * Names the shipped weights: a hash of the model file, not its `version` field, so that retrained
 * weights or cut-offs are told apart even when nobody bumps the version. Passages store what this
 * model wrote; a data folder records which model that was (passages/clause-retag.ts).
 */
export function clauseModelFingerprint(): string {
  fingerprint ??= createHash('sha256').update(readFileSync(clauseModelFiles().model)).digest('hex').slice(0, 16);
  return fingerprint;
}

let reader: QuestionClauseReader | null = null;

/** The question reader over the shipped classifier's categories and scores, made on first use. */
export function readQuestionClause(question: string, ignore?: ReadonlySet<string>): AskedClause | null {
  reader ??= createQuestionClauseReader(clauseClassifier().categories, (text) => clauseClassifier().scores(text));
  return reader(question, ignore);
}

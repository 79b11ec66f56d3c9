import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
// Type-only: they keep the JSON files in the TypeScript program, so the build copies them beside the
// compiled module; the weights themselves are read below, not held by a module record for the process's life.
import type _shipped from './clause-model.json';
import type _columns from './clause-model.columns.json';
import { createClauseClassifier, type ClauseClassifier, type ClauseModelColumns } from './clause-model.js';
import { createQuestionClauseReader, type AskedClause, type QuestionClauseReader } from './question-clause.js';

/** The trained model: what the training script writes, and what names the model (clauseModelFingerprint). */
const MODEL_FILE = new URL('./clause-model.json', import.meta.url);
/** The same weights in columns, which load faster and lighter (clause-model.ts, ClauseModelColumns); a test holds them equal. */
export const COLUMNS_FILE = new URL('./clause-model.columns.json', import.meta.url);

/**
 * The model files in use: the shipped ones, or those FOLIO_CLAUSE_MODEL names (a model written by
 * `npm run train:clauses -- --out FILE`, its columns beside it). Read from the environment, not the
 * config object, because the extraction children and answering threads load the classifier too and
 * inherit the environment; loadConfig checks the files exist.
 */
export function clauseModelFiles(env: Record<string, string | undefined> = process.env): { model: URL; columns: URL } {
  const chosen = env.FOLIO_CLAUSE_MODEL?.trim();
  if (!chosen) return { model: MODEL_FILE, columns: COLUMNS_FILE };
  return { model: pathToFileURL(chosen), columns: pathToFileURL(`${chosen.replace(/\.json$/, '')}.columns.json`) };
}

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

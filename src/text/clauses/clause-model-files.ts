import { pathToFileURL } from 'node:url';

/** The trained model: what the training script writes, and what names the model (clauseModelFingerprint). */
const MODEL_FILE = new URL('./clause-model.json', import.meta.url);
/** The same weights in columns, which load faster and lighter (clause-model.ts, ClauseModelColumns); a test holds them equal. */
export const COLUMNS_FILE = new URL('./clause-model.columns.json', import.meta.url);

/**
 * The model files in use: the shipped ones, or those FOLIO_CLAUSE_MODEL names (a model written by
 * `npm run train:clauses -- --out FILE`, its columns beside it). Read from the environment, not the
 * config object, because the extraction children and answering threads load the classifier too and
 * inherit the environment; loadConfig checks the files exist. A module of its own so that the
 * config does not load the classifier's code.
 */
export function clauseModelFiles(env: Record<string, string | undefined> = process.env): { model: URL; columns: URL } {
  const chosen = env.FOLIO_CLAUSE_MODEL?.trim();
  if (!chosen) return { model: MODEL_FILE, columns: COLUMNS_FILE };
  return { model: pathToFileURL(chosen), columns: pathToFileURL(`${chosen.replace(/\.json$/, '')}.columns.json`) };
}

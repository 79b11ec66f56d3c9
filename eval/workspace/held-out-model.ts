/**
 * The clause model the evaluations judge answers with. The shipped model learns from every CUAD dev
 * contract (scripts/train-clauses.ts, `--train all`), so judging the report half with it would judge
 * contracts it was trained on. eval:workspace and eval:table instead run the server and the review
 * tables on a model trained the same way on the tune half only (`--train tune`), passed to every
 * process as FOLIO_CLAUSE_MODEL: their report-half figures are held out, and measure the method on
 * half the contracts the shipped model learns from.
 *
 * Training takes about a minute; the model is kept under .tmp/ by a hash of everything training
 * reads (the script, src/text, the passage chunker, the split and the data's labels), so it is
 * trained again whenever any of it changes.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedDataPath } from '../../test/support/shared-data.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const INPUTS = ['scripts/train-clauses.ts', 'src/text', 'src/modules/documents/passages/chunking.ts', 'eval/workspace/split.ts', 'eval/workspace/cuad-questions.ts', 'eval/statutes/split.ts'];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** The path of the tune-half model (its columns beside it), trained first when missing. */
export function heldOutClauseModel(): string {
  const cuad = sharedDataPath('documents', 'cuad');
  if (!cuad) throw new Error('CUAD data not found: the held-out clause model cannot be trained');
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input)))) {
    // The shipped model is an output of training, not an input.
    if (/clause-model(\.columns)?\.json$/.test(file)) continue;
    hash.update(relative(root, file)).update(readFileSync(file));
  }
  for (const name of ['master_clauses.csv', 'manifest.csv']) hash.update(readFileSync(join(cuad, name)));
  const dir = join(root, '.tmp', 'held-out-model');
  const out = join(dir, `clause-model.tune.${hash.digest('hex').slice(0, 16)}.json`);
  if (existsSync(out) && existsSync(out.replace(/\.json$/, '.columns.json'))) return out;
  mkdirSync(dir, { recursive: true });
  console.log('training the held-out clause model (tune half only, about a minute) ...');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/train-clauses.ts', '--train', 'tune', '--cuad', cuad, '--out', out], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`training the held-out clause model failed:\n${run.stdout}\n${run.stderr}`);
  return out;
}

/**
 * `npm run bench:tagging [-- --files N]`: the clause tagging every passage of every upload goes
 * through (ingestion's costliest stage in the extraction children), on the passages of N CUAD texts
 * (default all 510). Prints passages/s and MB/s, in the same run, of the straightforward scorer
 * (a string per feature, looked up in a Map, its tags an object then stringified) and of the shipped
 * classifier's compiled weights, summed in JavaScript and by the native addon, and checks that all
 * three store the same tags' JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chunkText } from '../src/modules/documents/passages/chunking.js';
import { COLUMNS_FILE } from '../src/text/clauses/clause-model-files.js';
import { tokenizeUncached } from '../src/text/tokens.js';
import { createClauseClassifier, keepThreshold, storedProbability, type ClauseModelColumns, type ClauseModelData } from '../src/text/clauses/clause-model.js';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';

const { values } = parseArgs({ options: { files: { type: 'string' } } });
const txtDir = sharedDataPath('documents', 'cuad', 'txt');
if (!txtDir) {
  console.log(`bench:tagging ${missingDataReason('documents/cuad/txt')}`);
  process.exit(0);
}
const names = readdirSync(txtDir).sort().slice(0, values.files ? Number(values.files) : undefined);
const passages = names.flatMap((name) => {
  const text = readFileSync(join(txtDir, name), 'utf8');
  return chunkText(text).map(([start, end]) => text.slice(start, end));
});
const megabytes = passages.reduce((n, p) => n + Buffer.byteLength(p), 0) / 1e6;

const model = JSON.parse(readFileSync(new URL('../src/text/clauses/clause-model.json', import.meta.url), 'utf8')) as ClauseModelData;
/**
 * The baseline: tagging as it was before compileWeights, a string per feature (bigrams built by
 * concatenation) looked up in a Map of flattened (category, weight) runs. The same sum.
 */
const flat = (() => {
  const slices = new Map<string, [number, number]>();
  const pairs = Object.values(model.weights).reduce((n, p) => n + p.length, 0);
  const categoryOf = new Uint16Array(pairs);
  const weightOf = new Float64Array(pairs);
  let at = 0;
  for (const [feature, list] of Object.entries(model.weights)) {
    const start = at;
    for (const [c, w] of list) {
      categoryOf[at] = c;
      weightOf[at] = w;
      at += 1;
    }
    slices.set(feature, [start, at]);
  }
  return { slices, categoryOf, weightOf, biases: Float64Array.from(model.categories, (c) => c.bias) };
})();
/** clauseFeatures as it was: the full tokens, then a string per unigram and bigram. */
function oldFeatures(text: string): string[] {
  const stems = tokenizeUncached(text).map((t) => (/^\d/.test(t.stem) ? '0' : t.stem));
  const out = new Set<string>();
  stems.forEach((stem, i) => {
    out.add(stem);
    if (i + 1 < stems.length) out.add(`${stem} ${stems[i + 1]}`);
  });
  return [...out];
}
function baseline(text: string): Record<string, number> {
  const features = oldFeatures(text);
  const z = flat.biases.slice();
  const scale = 1 / Math.sqrt(Math.max(1, features.length));
  for (const f of features) {
    const slice = flat.slices.get(f);
    if (slice === undefined) continue;
    for (let i = slice[0]; i < slice[1]; i++) z[flat.categoryOf[i]!]! += flat.weightOf[i]! * scale;
  }
  // As significant() was: every category's score as an object, then the ones kept.
  const scores = model.categories.map((c, i) => ({ category: c.name, p: 1 / (1 + Math.exp(-(z[i] as number))) }));
  const kept: Record<string, number> = {};
  scores.forEach((s, i) => {
    if (storedProbability(s.p) >= keepThreshold(model.categories[i]!)) kept[s.category] = storedProbability(s.p);
  });
  return kept;
}

// The compiled weights summed in JavaScript, and by the native addon (clause-sum.c) when it is built:
// separate classifiers, so neither finds words the other has looked up.
const columns = JSON.parse(readFileSync(COLUMNS_FILE, 'utf8')) as ClauseModelColumns;
const inJs = createClauseClassifier(columns, { native: false });
const native = createClauseClassifier(columns);
// As the index stores them: the tags' JSON.
const time = (tag: (text: string) => string) => {
  for (const p of passages.slice(0, 2000)) tag(p); // warm up the JIT
  const started = performance.now();
  const out = passages.map(tag);
  return { seconds: (performance.now() - started) / 1000, out };
};
const runs: Array<[string, ReturnType<typeof time>]> = [
  ['baseline (string features)', time((text) => JSON.stringify(baseline(text)))],
  ['compiled weights, JavaScript', time((text) => inJs.significantJson(text))],
];
if (native.native) runs.push(['compiled weights, native', time((text) => native.significantJson(text))]);
console.log(`clause tagging: ${names.length} CUAD texts, ${passages.length} passages, ${megabytes.toFixed(1)} MB`);
for (const [name, r] of runs) {
  console.log(`  ${name.padEnd(30)} ${r.seconds.toFixed(2)} s   ${(passages.length / r.seconds).toFixed(0).padStart(6)} passages/s   ${(megabytes / r.seconds).toFixed(1).padStart(5)} MB/s`);
}
if (!native.native) console.log('  compiled weights, native: not measured (build/native/folio_clause_sum.node is not built: npm run build)');
const [, first] = runs[0]!;
const differing = runs.slice(1).map(([, r]) => r.out.filter((tags, i) => tags !== first.out[i]).length);
const speedUps = runs.slice(1).map(([name, r]) => `${name} ${(first.seconds / r.seconds).toFixed(2)}x`);
console.log(`  speed-up over the baseline: ${speedUps.join(', ')}; passages whose stored tags differ: ${differing.join(', ')} (must be 0)`);
if (differing.some((n) => n > 0)) process.exitCode = 1;

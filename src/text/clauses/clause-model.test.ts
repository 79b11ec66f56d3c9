import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADAMS_LAW, ADAMS_TERMINATION, ANTARES_LAW, ICORE_NOTICES } from '../../modules/query/__fixtures__/cuad-passages.js';
import { clauseClassifier } from './clause-classifier.js';
import { COLUMNS_FILE } from './clause-model-files.js';
import { readFileSync } from 'node:fs';
import { clauseFeatures } from './clause-features.js';
import { createClauseClassifier, KEEP_THRESHOLD, keepThreshold, storedProbability, toColumns, type ClauseModelData } from './clause-model.js';

test('the shipped classifier knows the 41 CUAD categories with their descriptions', () => {
  const categories = clauseClassifier().categories;
  assert.equal(categories.length, 41);
  const law = categories.find((c) => c.name === 'Governing Law');
  assert.match(law?.description ?? '', /law governs/);
});

test('a governing-law clause from a real contract is tagged Governing Law, first', () => {
  assert.equal(clauseClassifier().tags(ADAMS_LAW.text)[0], 'Governing Law');
  assert.ok(clauseClassifier().tags(ANTARES_LAW.text).includes('Governing Law'));
});

test('a termination clause is not tagged Governing Law, and a notices clause is not tagged Cap On Liability', () => {
  assert.ok(!clauseClassifier().tags(ADAMS_TERMINATION.text).includes('Governing Law'));
  assert.ok(!clauseClassifier().tags(ICORE_NOTICES.text).includes('Cap On Liability'));
});

test('an anti-assignment sentence is tagged Anti-Assignment', () => {
  const sentence = 'Neither party may assign this Agreement or any of its rights or obligations hereunder without the prior written consent of the other party, which consent shall not be unreasonably withheld.';
  assert.ok(clauseClassifier().tags(sentence).includes('Anti-Assignment'));
});

test('scores are the logistic of the bias plus the scaled feature weights', () => {
  const model = createClauseClassifier({ version: 1, categories: [{ name: 'X', description: '', bias: -1, present: 0.5 }], weights: { govern: [[0, 2]] } });
  // "governs" has one feature (its stem): scale 1, z = -1 + 2 = 1.
  assert.ok(Math.abs((model.scores('governs')[0]?.p ?? 0) - 1 / (1 + Math.exp(-1))) < 1e-9);
  assert.deepEqual(model.tags('nothing here'), []);
});

test('the columns the classifier loads are exactly the trained model\'s weights', () => {
  const model = JSON.parse(readFileSync(new URL('./clause-model.json', import.meta.url), 'utf8')) as ClauseModelData;
  const columns = JSON.parse(readFileSync(COLUMNS_FILE, 'utf8')) as unknown;
  // Regenerate with `npm run train:clauses`, which writes both files.
  assert.deepEqual(columns, toColumns(model));
});

test('the shipped classifier scores exactly the sum clauseFeatures gives, known and unknown features alike', () => {
  const data = JSON.parse(readFileSync(new URL('./clause-model.json', import.meta.url), 'utf8')) as ClauseModelData;
  const reference = (text: string) => {
    const features = clauseFeatures(text);
    const z = data.categories.map((c) => c.bias);
    const scale = 1 / Math.sqrt(Math.max(1, features.length));
    for (const f of features) for (const [c, w] of data.weights[f] ?? []) z[c] = (z[c] ?? 0) + w * scale;
    return z.map((v) => 1 / (1 + Math.exp(-v)));
  };
  // Real CUAD passages, one with a word no contract used ("zyxwvut") and repeated words and numbers.
  for (const text of [ADAMS_LAW.text, ADAMS_TERMINATION.text, ANTARES_LAW.text, ICORE_NOTICES.text, `${ADAMS_LAW.text} zyxwvut 30 days 90 days ${ADAMS_LAW.text}`, '']) {
    assert.deepEqual(clauseClassifier().scores(text).map((s) => s.p), reference(text));
  }
});

test('significant keeps exactly the categories at or above their keep threshold, to 3 significant digits', () => {
  const { categories } = clauseClassifier();
  for (const text of [ADAMS_LAW.text, ADAMS_TERMINATION.text, ANTARES_LAW.text, ICORE_NOTICES.text]) {
    const expected: Record<string, number> = {};
    clauseClassifier().scores(text).forEach((s, i) => {
      if (storedProbability(s.p) >= keepThreshold(categories[i]!)) expected[s.category] = storedProbability(s.p);
    });
    assert.deepEqual(clauseClassifier().significant(text), expected);
    assert.ok(Object.keys(expected).length > 0);
  }
});

test('significantJson writes exactly what JSON.stringify makes of significant, on real clauses and on no text', () => {
  for (const text of [ADAMS_LAW.text, ADAMS_TERMINATION.text, ANTARES_LAW.text, ICORE_NOTICES.text, `${ADAMS_LAW.text} 30 days ${ICORE_NOTICES.text}`, '', 'zyxwvut']) {
    assert.equal(clauseClassifier().significantJson(text), JSON.stringify(clauseClassifier().significant(text)));
  }
});

test('a stored probability keeps 3 significant digits, so the low presence cut-offs of rare clauses stay apart', () => {
  assert.equal(storedProbability(0.98765), 0.988);
  assert.equal(storedProbability(0.0012345), 0.00123);
  assert.equal(storedProbability(0.00014449), 0.000144);
  // A category whose presence cut-off is under KEEP_THRESHOLD keeps its passages' scores down to the cut-off.
  assert.equal(keepThreshold({ present: 0.000231 }), 0.000231);
  assert.equal(keepThreshold({ present: 0.05 }), KEEP_THRESHOLD);
  assert.equal(keepThreshold({ present: 0 }), KEEP_THRESHOLD);
  // On a real notices clause, every stored score is to 3 significant digits and at least its category's threshold.
  const { categories } = clauseClassifier();
  const stored = clauseClassifier().significant(ICORE_NOTICES.text);
  for (const [name, p] of Object.entries(stored)) {
    assert.equal(p, Number(p.toPrecision(3)));
    assert.ok(p >= keepThreshold(categories.find((c) => c.name === name)!));
  }
});

test('a stored probability is exactly Number(p.toPrecision(3)), at halves and powers of ten too', () => {
  const cases: number[] = [0, 1, 0.5, 0.9995, 0.99949999, 0.0009995, 1e-300, 5e-324, 0.1, 0.01, 0.001];
  // Values at and a hair either side of every rounding half and every 3-digit value, from 0.1 to 1e-12.
  for (let k = 3; k <= 14; k++) {
    for (let n = 100; n < 1000; n++) for (const hair of [-1e-15, 0, 1e-15]) cases.push((n + 0.5) / 10 ** k + hair * 10 ** (3 - k), n / 10 ** k);
  }
  // And the logistic's outputs, which is what tagging stores, over a grid of logits.
  for (let z = -30; z <= 30; z += 0.00731) cases.push(1 / (1 + Math.exp(-z)));
  for (const p of cases) assert.equal(storedProbability(p), Number(p.toPrecision(3)), String(p));
});

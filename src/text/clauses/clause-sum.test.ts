import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import * as cuad from '../../modules/query/__fixtures__/cuad-passages.js';
import { COLUMNS_FILE } from './clause-model-files.js';
import { createClauseClassifier, type ClauseClassifier, type ClauseModelColumns } from './clause-model.js';
import { clauseSumAddon, type ClauseSumAddon } from './native-clause-sum.js';

const columns = JSON.parse(readFileSync(COLUMNS_FILE, 'utf8')) as ClauseModelColumns;
/** Every real CUAD passage of the fixtures. */
const passages = Object.values(cuad as Record<string, unknown>).flatMap((p) => (typeof p === 'object' && p !== null && 'text' in p && typeof p.text === 'string' ? [p.text] : []));

/** Text the scanner must read exactly as scanWordSpans does: accents, combining marks, other scripts, private use, no words at all. */
const UNICODE = [
  'The Café owner’s naïve résumé, § 12(b), within thirty (30) days after Closing.',
  'e\u0301tude \u0301leading-mark Ünïcödé ÄÖÜ straße ΑΒΓ δέκα десять',
  '本契約は日本法に準拠する。 governed by the laws of Japan',
  '\uE000private\uE001 use \u00A0non-breaking\u2003spaces\u200Bzero-width',
  '— “” ‘’ … • ¶ § ©',
  '',
];
/** Text the addon leaves to JavaScript: characters outside the Basic Multilingual Plane, words too long to remember. */
const LEFT_TO_JS = [
  '𝐀𝐠𝐫𝐞𝐞𝐦𝐞𝐧𝐭 governed by the laws of the State of New York 😀',
  'a lone \uD800 surrogate, then governed by Delaware law',
  'ok \uDC00',
  `This Agreement shall be governed by the laws of ${'Delaware'.repeat(9)} and of the State of New York.`,
];

function sameScores(native: ClauseClassifier, inJs: ClauseClassifier, texts: string[]): void {
  for (const text of texts) {
    assert.deepEqual(
      native.scores(text).map((s) => s.p),
      inJs.scores(text).map((s) => s.p),
      text.slice(0, 60),
    );
  }
}

describe('the native clause sum (clause-sum.c)', () => {
  let addon: ClauseSumAddon;

  before(() => {
    // Built by `npm install`; built here too, so the test stands on its own.
    const built = spawnSync(process.execPath, ['scripts/build-native.mjs'], { cwd: new URL('../../../', import.meta.url), encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const loaded = clauseSumAddon();
    assert.ok(loaded, 'build/native/folio_clause_sum.node should load after scripts/build-native.mjs');
    addon = loaded;
  });

  test('is what the classifier sums with, and scores real contract passages to the last bit as JavaScript does', () => {
    const native = createClauseClassifier(columns);
    const inJs = createClauseClassifier(columns, { native: false });
    assert.equal(native.native, true);
    assert.equal(inJs.native, false);
    // Twice: the first time every word is new to the addon, the second it knows them all.
    sameScores(native, inJs, passages);
    sameScores(native, inJs, passages);
    assert.deepEqual(
      passages.map((p) => native.significantJson(p)),
      passages.map((p) => inJs.significantJson(p)),
    );
  });

  test('reads words in any script as the JavaScript scanner does, and leaves text outside the BMP and overlong words to it', () => {
    const native = createClauseClassifier(columns);
    const inJs = createClauseClassifier(columns, { native: false });
    sameScores(native, inJs, [...UNICODE, ...LEFT_TO_JS]);
    assert.ok(native.tags(LEFT_TO_JS[0]!).includes('Governing Law'));
  });

  test('gives the same sums when its table of words fills and empties, and when one text holds more words than it can', () => {
    const native = createClauseClassifier(columns, { wordLimit: 40 });
    const inJs = createClauseClassifier(columns, { native: false, wordLimit: 40 });
    // Real passages hold 50 to 200 distinct words: each overflows a table of 40 and is summed in
    // JavaScript; short texts fill it and empty it again.
    const short = passages.flatMap((p) => p.split(/(?<=[.;])\s+/)).filter((s) => s.length > 0 && s.length < 160);
    assert.ok(short.length > 20);
    sameScores(native, inJs, [...short, ...passages, ...short]);
  });

  test('refuses arguments that do not describe a model or a text, with an error instead of a crash', () => {
    const empty = new Int32Array(0);
    const classes = new Uint8Array(0x10000);
    const model = addon.create(1, 10, Int32Array.of(0), empty, empty, empty, Int32Array.of(0), Int32Array.of(1), Uint16Array.of(0), Float64Array.of(2), 1, classes);
    // A run past the weights, a category past the sums, a word class table of the wrong size.
    assert.throws(() => addon.create(1, 10, Int32Array.of(0), empty, empty, empty, Int32Array.of(0), Int32Array.of(5), Uint16Array.of(0), Float64Array.of(2), 1, classes), /do not describe a model/);
    assert.throws(() => addon.create(1, 10, Int32Array.of(0), empty, empty, empty, Int32Array.of(0), Int32Array.of(1), Uint16Array.of(3), Float64Array.of(2), 1, classes), /do not describe a model/);
    assert.throws(() => addon.create(1, 10, Int32Array.of(0), empty, empty, empty, Int32Array.of(0), Int32Array.of(1), Uint16Array.of(0), Float64Array.of(2), 1, new Uint8Array(5)), /do not describe a model/);
    assert.throws(() => (addon.create as (...args: unknown[]) => unknown)(1, 10), /12 arguments/);
    // Sums of the wrong length, a text that is not a string, a word id past the table, a model that is not one.
    assert.throws(() => addon.addTo(model, 'text', new Float64Array(2)), /bad arguments/);
    assert.throws(() => addon.addTo(model, 42 as unknown as string, new Float64Array(1)), /not a string/);
    assert.throws(() => addon.addWord(model, 'word', 11), /bad arguments/);
    assert.throws(() => addon.addTo({} as typeof model, 'text', new Float64Array(1)), /bad arguments/);
    // Nor is any other value: only the externals create() tagged are read as models.
    assert.throws(() => addon.addTo(new Float64Array(1) as unknown as typeof model, 'text', new Float64Array(1)), /bad arguments/);
    // A word is summed once it is registered; its id's weight, scaled by 1/sqrt(1 distinct feature).
    const sums = new Float64Array(1);
    const words = new Uint8Array(0x10000);
    words.fill(3, 97, 123);
    const letters = addon.create(1, 10, Int32Array.of(0), empty, empty, empty, Int32Array.of(0), Int32Array.of(1), Uint16Array.of(0), Float64Array.of(2), 1, words);
    assert.deepEqual(addon.addTo(letters, 'word', sums), ['word']);
    // A word longer than it remembers (64 code units) is never asked about: the text is left to JavaScript.
    assert.equal(addon.addTo(letters, `word ${'w'.repeat(65)}`, sums), false);
    assert.deepEqual(addon.addTo(letters, `word ${'w'.repeat(64)}`, sums), ['word', 'w'.repeat(64)]);
    assert.equal(addon.addWord(letters, 'w'.repeat(65), 0), false);
    assert.equal(addon.addWord(letters, 'word', 0), true);
    assert.equal(addon.addTo(letters, 'word', sums), undefined);
    assert.deepEqual([...sums], [2]);
  });
});

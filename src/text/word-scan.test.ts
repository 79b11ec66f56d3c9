import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADAMS_LAW, ICORE_NOTICES } from '../modules/query/__fixtures__/cuad-passages.js';
import { WORD_PATTERN } from './tokens.js';
import { scanWords } from './word-scan.js';

const byPattern = (text: string) => [...text.matchAll(new RegExp(WORD_PATTERN.source, 'gu'))].map((m) => m[0]);
const byScan = (text: string) => {
  const words: string[] = [];
  scanWords(text, (word) => words.push(word));
  return words;
};

test('the scan splits real contract text exactly as the word pattern does', () => {
  const text = `${ADAMS_LAW.text}\n§ 2-1402.11 — “Licensee’s” fee: $2,500.00 (30-day) naïve café Zürich 東京 ①②`;
  assert.deepEqual(byScan(text), byPattern(text));
  assert.deepEqual(byScan(ICORE_NOTICES.text), byPattern(ICORE_NOTICES.text));
});

test('the scan agrees with the word pattern on every code point, alone, inside a word and after one', () => {
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
    const c = String.fromCodePoint(codePoint);
    for (const text of [c, `a${c}b`, `${c}${c}x`]) {
      const scanned = byScan(text);
      const matched = byPattern(text);
      if (scanned.length !== matched.length || scanned.some((w, i) => w !== matched[i])) {
        assert.fail(`U+${codePoint.toString(16)} in ${JSON.stringify(text)}: ${JSON.stringify(scanned)} vs ${JSON.stringify(matched)}`);
      }
    }
  }
});

test('lone surrogates separate words, as in the pattern', () => {
  for (const text of ['ab\ud800cd', 'ab\udc00', '\ud83d', 'x\ud83d\ude00y', 'é\u0301e\u0301']) assert.deepEqual(byScan(text), byPattern(text));
});

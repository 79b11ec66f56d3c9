import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { fixtureSections } from '../modules/research/ask/__fixtures__/sections.js';
import { rememberSentenceMemo, statuteSentenceMemo } from './sentence-memo.js';
import { outlineLines } from './statute-outline.js';
import { needsSentenceModel, rememberSplit, sentenceSplitter, splitSentences, splitSentencesWithModel } from './sentences.js';

const GOLDEN = new URL('./__fixtures__/sentence-memos.json', import.meta.url);
const sections = fixtureSections();

/** Each span as [start, end]. */
const offsets = (spans: Array<{ start: number; end: number }>) => spans.map((s) => [s.start, s.end]);

describe('statute sentence memos', () => {
  test('the memos of real sections are what this splitter writes (golden file)', () => {
    const memos = Object.fromEntries(sections.map((s) => [s.sectionNumber, statuteSentenceMemo(s.text)]));
    // After a deliberate change to splitSentences: raise SPLITTER_REVISION (sentences.ts), append a
    // migration that refills stored memos, and write the file again with FOLIO_WRITE_GOLDEN=1.
    if (process.env.FOLIO_WRITE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(memos, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    assert.deepEqual(memos, golden, 'splitSentences changed: raise SPLITTER_REVISION and refill stored memos (see sentences.ts)');
  });

  test('a memo names its splitter and holds every piece the model would split, with the model\'s split', () => {
    for (const section of sections) {
      const memo = statuteSentenceMemo(section.text);
      const pieces = [{ start: 0, end: section.text.length }, ...outlineLines(section.text)].filter((p) => needsSentenceModel(section.text.slice(p.start, p.end)));
      if (pieces.length === 0) {
        assert.equal(memo, '', section.sectionNumber);
        continue;
      }
      const [header, ...entries] = memo.split('\n');
      assert.equal(header, sentenceSplitter());
      assert.match(header ?? '', /^sentences\/\d+ wink-nlp@\d+\.\d+\.\d+ wink-eng-lite-web-model@\d+\.\d+\.\d+$/);
      const byRange = new Map(entries.map((e) => {
        const [start, length, ...rest] = e.split(' ').map(Number);
        return [`${start} ${length}`, rest];
      }));
      for (const p of pieces) {
        const stored = byRange.get(`${p.start} ${p.end - p.start}`);
        assert.ok(stored, `${section.sectionNumber}: piece ${p.start}-${p.end} is in the memo`);
        assert.deepEqual(stored, offsets(splitSentencesWithModel(section.text.slice(p.start, p.end))).flat(), `${section.sectionNumber} ${p.start}-${p.end}`);
      }
    }
  });

  test('a remembered split is what splitSentences answers, without the model', () => {
    // A split the model would never make: only a remembered one can come back.
    const text = 'The Mayor shall issue rules. The rules take effect on publication. Fees are set by rule.';
    rememberSplit(text, [[0, 28], [29, 88]]);
    assert.deepEqual(offsets(splitSentences(text)), [[0, 28], [29, 88]]);
    assert.deepEqual(offsets(splitSentencesWithModel(text)), [[0, 28], [29, 66], [67, 88]]);
  });

  test('a memo of another splitter, or one that does not fit its text, is not used', () => {
    const text = 'A permit is required. The fee is $50. The permit expires after one year.';
    const model = offsets(splitSentencesWithModel(text));
    rememberSentenceMemo(text, `sentences/0 wink-nlp@0.0.0 wink-eng-lite-web-model@0.0.0\n0 ${text.length} 0 ${text.length}`);
    assert.deepEqual(offsets(splitSentences(text)), model, 'another splitter');
    const other = 'A license is required. The fee is $75. The license expires after two years.';
    const otherModel = offsets(splitSentencesWithModel(other));
    rememberSentenceMemo(other, `${sentenceSplitter()}\n0 ${other.length} 0 ${other.length + 40}\n0 ${other.length} 30 40 10 20\n5 ${other.length} 0 10\n0 ${other.length} 0 5 x`);
    assert.deepEqual(offsets(splitSentences(other)), otherModel, 'past the end, out of order, outside the text, not a number');
  });

  test('remembered memos give the same units and verdict sentences as the model', () => {
    for (const section of sections) {
      const expectedWhole = offsets(splitSentencesWithModel(section.text));
      rememberSentenceMemo(section.text, statuteSentenceMemo(section.text));
      assert.deepEqual(offsets(splitSentences(section.text)), expectedWhole, section.sectionNumber);
      for (const line of outlineLines(section.text)) {
        const lineText = section.text.slice(line.start, line.end);
        assert.deepEqual(offsets(splitSentences(lineText)), offsets(splitSentencesWithModel(lineText)), `${section.sectionNumber} line ${line.start}`);
      }
    }
  });
});

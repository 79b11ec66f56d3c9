import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { formatTag, normalizeTags, extractTagIds, finalizeAnswer } from './citation-tags.js';
import { NO_ANSWER } from './answer-engine.js';

describe('formatTag', () => {
  test('writes the exact tag form', () => {
    assert.equal(formatTag(7), '<<file_id = 7>>');
    assert.equal(formatTag(0), '<<file_id = 0>>');
    assert.equal(formatTag(123456), '<<file_id = 123456>>');
  });
});

describe('normalizeTags', () => {
  const cases: Array<[string, string]> = [
    ['<<file_id=3>>', '<<file_id = 3>>'],
    ['<<File_ID = 3>>', '<<file_id = 3>>'],
    ['<< file_id = 3 >>', '<<file_id = 3>>'],
    ['<<file_id: 3>>', '<<file_id = 3>>'],
    ['<<file id 3>>', '<<file_id = 3>>'],
    ['<<FILE-ID=3>>', '<<file_id = 3>>'],
    ['<file_id = 3>', '<<file_id = 3>>'],
    ['[file_id = 3]', '<<file_id = 3>>'],
    ['[[file_id=3]]', '<<file_id = 3>>'],
    ['(file_id: 3)', '<<file_id = 3>>'],
    ['<<file_id = 007>>', '<<file_id = 7>>'],
  ];
  for (const [input, expected] of cases) {
    test(`${input} → ${expected}`, () => assert.equal(normalizeTags(`Text. ${input}`), `Text. ${expected}`));
  }
  test('leaves bare numbers and unrelated brackets alone', () => {
    const text = 'See Section 12 [3] (a) <b> and <<page = 3>>.';
    assert.equal(normalizeTags(text), text);
  });
  test('leaves the exact form unchanged', () => {
    const text = 'A. <<file_id = 1>> B. <<file_id = 22>>';
    assert.equal(normalizeTags(text), text);
  });
});

describe('extractTagIds', () => {
  test('ids once each in first-cited order', () => {
    assert.deepEqual(extractTagIds('A <<file_id = 5>> B <<file_id = 2>> C <<file_id = 5>> D <<file_id = 9>>'), [5, 2, 9]);
  });
  test('only exact tags count', () => {
    assert.deepEqual(extractTagIds('A <<file_id=5>> B <<File_ID = 2>> C'), []);
  });
  test('no tags → empty', () => assert.deepEqual(extractTagIds('No citations here.'), []));
});

describe('finalizeAnswer', () => {
  test('a good answer passes unchanged and citations match the tags', () => {
    const answer = 'The Agreement is governed by Kansas law. <<file_id = 4>>\n\nIt may be terminated on thirty days notice. <<file_id = 9>>';
    assert.deepEqual(finalizeAnswer(answer, [4, 9]), { answer, citations: [4, 9] });
  });
  test('removes tags naming ids that are not allowed', () => {
    const r = finalizeAnswer('A holds. <<file_id = 1>> <<file_id = 99>> B holds. <<file_id = 2>>', [1, 2]);
    assert.equal(r.answer, 'A holds. <<file_id = 1>> B holds. <<file_id = 2>>');
    assert.deepEqual(r.citations, [1, 2]);
  });
  test('normalizes loose spellings before checking them', () => {
    const r = finalizeAnswer('A holds. <<file_id=1>> B holds. <<File_ID = 2>>', [1, 2]);
    assert.equal(r.answer, 'A holds. <<file_id = 1>> B holds. <<file_id = 2>>');
    assert.deepEqual(r.citations, [1, 2]);
  });
  test('citations equal the set of ids in the tags, first-cited order, once each', () => {
    const r = finalizeAnswer('X. <<file_id = 3>> Y. <<file_id = 1>> Z. <<file_id = 3>>', [1, 3]);
    assert.deepEqual(r.citations, [3, 1]);
    assert.deepEqual(new Set(r.citations), new Set(extractTagIds(r.answer)));
  });
  test('collapses the same tag repeated in a run', () => {
    assert.equal(finalizeAnswer('X. <<file_id = 3>><<file_id = 3>> <<file_id = 4>>', [3, 4]).answer, 'X. <<file_id = 3>> <<file_id = 4>>');
  });
  test('moves sentence punctuation before the tag', () => {
    assert.equal(finalizeAnswer('Kansas law governs <<file_id = 3>>. More follows.', [3]).answer, 'Kansas law governs. <<file_id = 3>> More follows.');
  });
  test('keeps a comma after a mid-sentence tag where it is', () => {
    assert.equal(finalizeAnswer('Kansas <<file_id = 3>>, not Texas.', [3]).answer, 'Kansas <<file_id = 3>>, not Texas.');
  });
  test('drops tags that come before any text', () => {
    const r = finalizeAnswer('<<file_id = 3>> Kansas law governs. <<file_id = 3>>', [3]);
    assert.equal(r.answer, 'Kansas law governs. <<file_id = 3>>');
  });
  test('puts one space before each tag and tidies whitespace', () => {
    assert.equal(finalizeAnswer('  Kansas law governs.<<file_id = 3>>   \n\n\n\nNext.  <<file_id = 3>>  ', [3]).answer, 'Kansas law governs. <<file_id = 3>>\n\nNext. <<file_id = 3>>');
  });
  test('an answer with no tags becomes the plain no-answer statement', () => {
    assert.deepEqual(finalizeAnswer('Probably Delaware law.', [1]), { answer: NO_ANSWER, citations: [] });
  });
  test('an answer whose every tag is disallowed becomes the no-answer statement', () => {
    assert.deepEqual(finalizeAnswer('Delaware law. <<file_id = 8>>', [1, 2]), { answer: NO_ANSWER, citations: [] });
  });
  test('empty allowed set never cites', () => {
    assert.deepEqual(finalizeAnswer('A. <<file_id = 1>>', []), { answer: NO_ANSWER, citations: [] });
  });
  test('accepts any iterable of allowed ids', () => {
    assert.deepEqual(finalizeAnswer('A. <<file_id = 1>>', new Set([1])).citations, [1]);
  });
});

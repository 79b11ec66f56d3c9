import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { guardModelAnswer } from './guard.js';

const RETRIEVED = [3, 7];

describe('guardModelAnswer', () => {
  test('a well-cited answer passes through unchanged', () => {
    const raw = 'The Agreement is governed by the laws of the State of Kansas. <<file_id = 3>> Either party may terminate on fifteen days written notice. <<file_id = 7>>';
    assert.deepEqual(guardModelAnswer(raw, RETRIEVED), { answer: raw, citations: [3, 7] });
  });

  test('a tag naming a non-retrieved file is stripped and its now-unsupported sentence dropped', () => {
    const raw = 'Kansas law governs. <<file_id = 3>> Delaware law governs the side letter. <<file_id = 12>>';
    assert.deepEqual(guardModelAnswer(raw, RETRIEVED), { answer: 'Kansas law governs. <<file_id = 3>>', citations: [3] });
  });

  test('a sentence also citing a retrieved file keeps that tag only', () => {
    const r = guardModelAnswer('Kansas law governs. <<file_id = 12>> <<file_id = 3>>', RETRIEVED);
    assert.deepEqual(r, { answer: 'Kansas law governs. <<file_id = 3>>', citations: [3] });
  });

  test('an untagged sentence is dropped, even between cited ones', () => {
    const raw = 'Kansas law governs. <<file_id = 3>> This is probably enforceable everywhere. Notice is fifteen days. <<file_id = 7>>';
    assert.deepEqual(guardModelAnswer(raw, RETRIEVED), {
      answer: 'Kansas law governs. <<file_id = 3>> Notice is fifteen days. <<file_id = 7>>',
      citations: [3, 7],
    });
  });

  test('a trailing untagged sentence is dropped', () => {
    const r = guardModelAnswer('Kansas law governs. <<file_id = 3>> You should consult a lawyer.', RETRIEVED);
    assert.equal(r?.answer, 'Kansas law governs. <<file_id = 3>>');
  });

  test('malformed spellings are normalized, then checked', () => {
    const r = guardModelAnswer('Kansas law governs. <<file_id=3>> Notice is fifteen days. <<File_ID = 7>>', RETRIEVED);
    assert.deepEqual(r, { answer: 'Kansas law governs. <<file_id = 3>> Notice is fifteen days. <<file_id = 7>>', citations: [3, 7] });
  });

  test('a malformed tag naming a non-retrieved file is still removed', () => {
    assert.equal(guardModelAnswer('Delaware law governs. <<File_ID=44>>', RETRIEVED), null);
  });

  test('a bare [n] is not a citation: its sentence is dropped', () => {
    const r = guardModelAnswer('Kansas law governs [1]. Notice is fifteen days. <<file_id = 7>>', RETRIEVED);
    assert.deepEqual(r, { answer: 'Notice is fifteen days. <<file_id = 7>>', citations: [7] });
  });

  test('a tag written mid-sentence is moved after its sentence', () => {
    const r = guardModelAnswer('Under the agreement <<file_id = 3>>, Kansas law governs. Other text.', RETRIEVED);
    assert.deepEqual(r, { answer: 'Under the agreement, Kansas law governs. <<file_id = 3>>', citations: [3] });
  });

  test('a tag before the period is placed after it', () => {
    assert.equal(guardModelAnswer('Kansas law governs <<file_id = 3>>.', RETRIEVED)?.answer, 'Kansas law governs. <<file_id = 3>>');
  });

  test('a tag opening a line cites that line\'s first sentence', () => {
    assert.equal(guardModelAnswer('<<file_id = 3>> Kansas law governs.', RETRIEVED)?.answer, 'Kansas law governs. <<file_id = 3>>');
  });

  test('a line of only tags cites the sentence above it', () => {
    const r = guardModelAnswer('Kansas law governs.\n<<file_id = 3>>', RETRIEVED);
    assert.deepEqual(r, { answer: 'Kansas law governs. <<file_id = 3>>', citations: [3] });
  });

  test('list lines keep their shape; an untagged lead-in line is dropped', () => {
    const raw = 'The agreements are:\n- Distributor Agreement (Accuray) <<file_id = 3>>\n- Endorsement Agreement (Adams Golf) <<file_id = 7>>';
    assert.deepEqual(guardModelAnswer(raw, RETRIEVED), {
      answer: '- Distributor Agreement (Accuray) <<file_id = 3>>\n- Endorsement Agreement (Adams Golf) <<file_id = 7>>',
      citations: [3, 7],
    });
  });

  test('paragraphs stay apart', () => {
    const raw = 'Kansas law governs. <<file_id = 3>>\n\n\nNotice is fifteen days. <<file_id = 7>>';
    assert.equal(guardModelAnswer(raw, RETRIEVED)?.answer, 'Kansas law governs. <<file_id = 3>>\n\nNotice is fifteen days. <<file_id = 7>>');
  });

  test('a refusal with no tags leaves nothing', () => {
    assert.equal(guardModelAnswer('The provided passages do not address this question.', RETRIEVED), null);
  });

  test('empty and whitespace output leave nothing', () => {
    assert.equal(guardModelAnswer('', RETRIEVED), null);
    assert.equal(guardModelAnswer('  \n\n ', RETRIEVED), null);
  });

  test('no retrieved files: nothing can be cited', () => {
    assert.equal(guardModelAnswer('Kansas law governs. <<file_id = 3>>', []), null);
  });

  test('citations list each id once in first-cited order', () => {
    const r = guardModelAnswer('A is so. <<file_id = 7>> B is so. <<file_id = 3>> C is so. <<file_id = 7>>', RETRIEVED);
    assert.deepEqual(r?.citations, [7, 3]);
  });

  test('CRLF line endings are read as lines', () => {
    assert.equal(guardModelAnswer('Kansas law governs. <<file_id = 3>>\r\nUnsupported.', RETRIEVED)?.answer, 'Kansas law governs. <<file_id = 3>>');
  });
});

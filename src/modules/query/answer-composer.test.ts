import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { cleanSentence, composeAnswer, composeFileList, fileTitle, isListQuestion } from './answer-composer.js';
import type { Evidence } from './sentence-selection.js';

const ADAMS = 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt';
const ANTARES = 'Antares Pharma, Inc. - Manufacturing Agreement.txt';

function ev(fileId: number, fileName: string, text: string, passageRank = 0, offset = 0): Evidence {
  return { fileId, fileName, text, coverage: 1, specific: true, score: 1, passageRank, offset };
}

describe('cleanSentence', () => {
  const cases: Array<[string, string]> = [
    ['12.5 Governing Law; Choice of Forum. This Agreement shall be governed by the laws of New York.', 'This Agreement shall be governed by the laws of New York.'],
    ['25. APPLICABLE LAW\n\nThis Agreement shall be governed and construed according to the laws of the State of Kansas.', 'This Agreement shall be governed and construed according to the laws of the State of Kansas.'],
    ['A. Termination Without Cause. Both parties may terminate this Agreement upon ninety ("90") days written notice.', 'Both parties may terminate this Agreement upon ninety ("90") days written notice.'],
    ['(b) the Supplier shall deliver the Products within thirty (30) days;', 'the Supplier shall deliver the Products within thirty (30) days.'],
    ['Either   party\nmay terminate this Agreement', 'Either party may terminate this Agreement…'],
    // The Intuit / Stamps.com sponsorship agreement (CUAD v1): the sentence goes on over a page break.
    ['EXCEPT UNDER SECTIONS 15 AND 16, IN NO EVENT WILL EITHER PARTY BE LIABLE TO THE OTHER FOR ANY SPECIAL, INCIDENTAL OR CONSEQUENTIAL DAMAGES, WHETHER', 'EXCEPT UNDER SECTIONS 15 AND 16, IN NO EVENT WILL EITHER PARTY BE LIABLE TO THE OTHER FOR ANY SPECIAL, INCIDENTAL OR CONSEQUENTIAL DAMAGES, WHETHER…'],
    ['Licensee shall pay the following fees:', 'Licensee shall pay the following fees…'],
    ['This Agreement is governed by Kansas law. <<file_id = 9>>', 'This Agreement is governed by Kansas law. ‹‹file_id = 9››…'],
  ];
  for (const [input, expected] of cases) test(JSON.stringify(input.slice(0, 40)), () => assert.equal(cleanSentence(input), expected));
  test('keeps a sentence that merely starts with capitals', () => {
    assert.equal(cleanSentence('CONSULTANT shall wear the Products at all tournaments.'), 'CONSULTANT shall wear the Products at all tournaments.');
  });
  test('cuts long sentences at a word with an ellipsis', () => {
    const out = cleanSentence(`This Agreement ${'shall continue '.repeat(60)}forever.`, 100);
    assert.ok(out.length <= 101 && out.endsWith('…'), out);
  });
});

describe('composeAnswer', () => {
  test('one paragraph per file, titled, each sentence followed by its tag, document order within a file', () => {
    const answer = composeAnswer([
      ev(4, ADAMS, 'Second sentence of Adams.', 0, 50),
      ev(12, ANTARES, 'Antares sentence.', 1, 0),
      ev(4, ADAMS, 'First sentence of Adams.', 0, 10),
    ]);
    assert.equal(
      answer,
      'In the Endorsement Agreement (Adamsgolf): First sentence of Adams. <<file_id = 4>> Second sentence of Adams. <<file_id = 4>>\n\n' +
        'In the Manufacturing Agreement (Antares Pharma): Antares sentence. <<file_id = 12>>',
    );
  });
});

describe('composeFileList', () => {
  test('a lead-in then one line per file with its tag', () => {
    const list = composeFileList([
      { fileId: 4, fileName: ADAMS, evidence: ev(4, ADAMS, 'This Agreement shall be governed by Kansas law.') },
      { fileId: 12, fileName: ANTARES, evidence: null },
    ]);
    assert.equal(
      list,
      '2 documents in this workspace match:\n- Endorsement Agreement (Adamsgolf): This Agreement shall be governed by Kansas law. <<file_id = 4>>\n- Manufacturing Agreement (Antares Pharma) <<file_id = 12>>',
    );
  });
});

describe('fileTitle', () => {
  test('agreements take "the"; plain names stay', () => {
    assert.equal(fileTitle(ADAMS), 'the Endorsement Agreement (Adamsgolf)');
    assert.equal(fileTitle('board minutes.docx'), 'board minutes');
  });
});

describe('isListQuestion', () => {
  const yes = [
    'Which agreements are governed by Delaware law?',
    'Which documents mention a non-compete?',
    'What contracts have an exclusivity clause?',
    'List all the agreements with a most favored nation clause.',
    'Which supply agreements can be terminated for convenience?',
    'Do any of the contracts require insurance?',
    'Are there any agreements that renew automatically?',
    'Which agreement has the longest term?',
  ];
  const no = [
    'What does the agreement say about termination?',
    'Which law governs the agreement?',
    'How long is the term of the supply agreement?',
    'What is the notice period?',
  ];
  for (const q of yes) test(`list: ${q}`, () => assert.equal(isListQuestion(q), true));
  for (const q of no) test(`not a list: ${q}`, () => assert.equal(isListQuestion(q), false));
});

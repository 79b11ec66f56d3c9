import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { findPassage } from '../../web/src/pages/file/find-passage.js';
import { answerParts } from '../../web/src/pages/workspace/answer-parts.js';

const prose = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'modules', 'documents', 'extraction', '__fixtures__', 'prose.txt'), 'utf8');

test('answer tags become citations carrying the text they support', () => {
  const parts = answerParts('In prose: Second, disputes go to arbitration, in Richmond. <<file_id = 7>> Notices are in writing. <<file_id=3>><<file_id = 7>>');
  assert.deepEqual(parts, [
    { kind: 'text', text: 'In prose: Second, disputes go to arbitration, in Richmond. ' },
    { kind: 'cite', fileId: 7, cited: 'In prose: Second, disputes go to arbitration, in Richmond.' },
    { kind: 'text', text: ' Notices are in writing. ' },
    { kind: 'cite', fileId: 3, cited: 'Notices are in writing.' },
    { kind: 'cite', fileId: 7, cited: 'Notices are in writing.' },
  ]);
  assert.deepEqual(answerParts('No citation here.'), [{ kind: 'text', text: 'No citation here.' }]);
});

test('the cited sentence is found in the page text, despite a prefix the answer added', () => {
  const location = findPassage([{ page: 1, text: prose }], 'In prose: Second, disputes go to arbitration, in Richmond, Virginia, under the rules then in force.');
  assert.ok(location);
  assert.equal(prose.slice(location.start, location.end), 'Second, disputes go to arbitration, in Richmond, Virginia, under the rules then in force.');
});

test('the best page wins, and text sharing too little with the citation is not marked', () => {
  const pages = [
    { page: 1, text: 'This Lease is made between the Landlord and the Tenant. Rent is due on the first day of each month.' },
    { page: 2, text: 'The Tenant shall keep the premises insured. Either party may terminate on ninety days written notice.' },
  ];
  const location = findPassage(pages, 'Either party may terminate the lease on ninety days notice.');
  assert.deepEqual(location && { page: location.page, text: pages[1]!.text.slice(location.start, location.end) }, { page: 2, text: 'Either party may terminate on ninety days written notice.' });
  assert.equal(findPassage(pages, 'Governing law is Delaware.'), null);
});

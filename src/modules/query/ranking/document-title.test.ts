import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPENINGS } from '../__fixtures__/cuad-passages.js';
import { documentTitle } from './document-title.js';

test('a title from the heading and the parties of real contract openings', () => {
  assert.equal(documentTitle(OPENINGS.antares), 'Manufacturing Agreement between Antares Pharma and AMAG Pharmaceuticals');
  assert.equal(documentTitle(OPENINGS.limeEnergy), 'Distributor Agreement between Electric City and Electric City of Illinois');
  assert.match(documentTitle(OPENINGS.accuray) ?? '', /^Multiple Linac and Multi-Modality Distributor Agreement between Accuray/i);
  assert.match(documentTitle(OPENINGS.adamsGolf) ?? '', /^Endorsement Agreement (?:between|with) .*Adams Golf/i);
});

test('no heading naming a document type: no title (the file name is used instead)', () => {
  assert.equal(documentTitle('Dear Sir, we write to confirm our conversation of last week.'), null);
});

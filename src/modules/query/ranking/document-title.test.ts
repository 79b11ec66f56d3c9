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

test('what is printed around a heading is not part of it: the first sentence, a stamp, a company, the heading again', () => {
  assert.equal(documentTitle(OPENINGS.nanophase), 'Distributor Agreement between Johnson Matthey Catalog and Nanophase Technologies');
  assert.match(documentTitle(OPENINGS.meetGroup) ?? '', /^Cooperation Agreement\b/);
  assert.equal(documentTitle(OPENINGS.uagh), 'Maintenance Agreement between Universal Access and CityNet Telecommunications');
  assert.equal(documentTitle(OPENINGS.biopure), 'Agency Agreement with Biopure');
  // A comma inside a heading in capitals: the whole heading.
  assert.equal(documentTitle('Exhibit 10.2\n\nLICENSE, DEVELOPMENT AND COMMERCIALIZATION AGREEMENT\n\nThis agreement is made between Array BioPharma Inc. and Ono Pharmaceutical Co., Ltd.'), 'License, Development And Commercialization Agreement between Array BioPharma and Ono Pharmaceutical');
});

test('no heading naming a document type: no title (the file name is used instead)', () => {
  assert.equal(documentTitle('Dear Sir, we write to confirm our conversation of last week.'), null);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPENINGS } from '../__fixtures__/cuad-passages.js';
import { FILE_SIGNALS_VERSION, describeFile, readFileSignals } from './read-file-signals.js';

/**
 * What version 3 of the reading gives for two real CUAD openings. Stored signals are trusted by
 * their version alone, so a change to the reading (party names, titles, file names) must come with
 * a new FILE_SIGNALS_VERSION: when this test fails, bump the version and record the new values.
 */
const RECORDED = {
  version: 3,
  antares: {
    fileName: 'ANTARESPHARMA,INC_12_13_2010-EX-10.1-MANUFACTURING AGREEMENT.txt',
    signals: {
      parties: [
        { words: ['antarespharma'], compact: 'antarespharma', distinctive: ['antarespharma'] },
        { words: ['amag', 'pharmaceuticals'], compact: 'amagpharmaceuticals', distinctive: ['amag'] },
        { words: ['antares'], compact: 'antares', distinctive: ['antares'] },
      ],
      typeStems: ['manufactur'],
      dates: ['2010-12-13'],
      title: 'Manufacturing Agreement between Antares Pharma and AMAG Pharmaceuticals',
    },
  },
  accuray: {
    fileName: 'ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt',
    signals: {
      parties: [
        { words: ['accuray'], compact: 'accuray', distinctive: ['accuray'] },
        { words: ['siemens'], compact: 'siemens', distinctive: ['siemens'] },
      ],
      typeStems: ['distributor'],
      dates: ['2010-09-01'],
      title: 'Multiple Linac And Multi-Modality Distributor Agreement between Accuray and Siemens Aktiengesellschaft',
    },
  },
};

test('the reading of real openings is the one recorded for its version (bump FILE_SIGNALS_VERSION when it changes)', () => {
  assert.equal(FILE_SIGNALS_VERSION, RECORDED.version);
  for (const key of ['antares', 'accuray'] as const) {
    assert.deepEqual(readFileSignals(RECORDED[key].fileName, OPENINGS[key]), RECORDED[key].signals, key);
  }
});

test('what ingestion stores reads back as the same signals, with the version', () => {
  const stored = describeFile(RECORDED.accuray.fileName, OPENINGS.accuray);
  assert.equal(stored.version, FILE_SIGNALS_VERSION);
  assert.deepEqual(JSON.parse(stored.json), readFileSignals(RECORDED.accuray.fileName, OPENINGS.accuray));
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkPages } from '../passages/chunking.js';
import { pagesFromPassages } from './page-text.js';

const page1 = [
  'SUPPLY AGREEMENT',
  '',
  'This Supply Agreement is entered into as of March 1, 2013 by and between Bellicum Pharmaceuticals, Inc. and Miltenyi Biotec GmbH.',
  '',
  '',
  '14.1 Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.',
].join('\n');

test('every passage offset points at its own text in the rebuilt page', () => {
  const passages = chunkPages([{ page: 1, text: page1 }, { page: 2, text: 'Signature page follows.' }], { target: 40, max: 120 });
  const rebuilt = pagesFromPassages(passages.map((p) => ({ page: p.page, start_offset: p.start, text: p.text })));
  assert.deepEqual(rebuilt.map((p) => p.page), [1, 2]);
  for (const p of passages) {
    const page = rebuilt.find((r) => r.page === p.page);
    assert.equal(page?.text.slice(p.start, p.end), p.text);
  }
});

test('overlapping passages are laid down once', () => {
  const rebuilt = pagesFromPassages([
    { page: 1, start_offset: 0, text: 'governed by the laws' },
    { page: 1, start_offset: 12, text: 'the laws of New York' },
  ]);
  assert.deepEqual(rebuilt, [{ page: 1, text: 'governed by the laws of New York' }]);
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chunkPages, chunkText } from './chunking.js';

// From CUAD: ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT (sections 16.1–16.3, abridged).
const contract = `16. TERM AND TERMINATION

16.1 Term. This Agreement shall commence on the Effective Date and continue for a period of five (5) years thereafter, unless earlier terminated as provided herein.

16.2 Termination for Breach. Either party may terminate this Agreement upon written notice to the other party if the other party materially breaches this Agreement and fails to cure such breach within thirty (30) days after receiving written notice thereof.

16.3 Termination for Insolvency. Either party may terminate this Agreement immediately upon written notice if the other party becomes insolvent, makes an assignment for the benefit of creditors, or has a receiver appointed for all or substantially all of its assets.
`;

describe('chunkText', () => {
  test('offsets are exact and chunks are trimmed', () => {
    for (const [start, end] of chunkText(contract, { target: 200, max: 400 })) {
      const chunk = contract.slice(start, end);
      assert.equal(chunk, chunk.trim());
      assert.ok(chunk.length > 0 && chunk.length <= 400);
    }
  });

  test('chunks close at paragraph ends near the target', () => {
    const chunks = chunkText(contract, { target: 200, max: 400 }).map(([s, e]) => contract.slice(s, e));
    assert.ok(chunks.some((c) => c.startsWith('16.2 Termination for Breach.') || c.includes('\n\n16.2 Termination for Breach.')));
    assert.ok(chunks.every((c) => !c.includes('16.2 Termination') || c.includes('thirty (30) days after receiving written notice thereof.')));
  });

  test('nothing is lost: every non-space character lands in exactly one chunk', () => {
    const ranges = chunkText(contract, { target: 150, max: 300 });
    const covered = ranges.map(([s, e]) => contract.slice(s, e)).join('').replace(/\s+/g, '');
    assert.equal(covered, contract.replace(/\s+/g, ''));
    for (let i = 1; i < ranges.length; i++) assert.ok((ranges[i]?.[0] ?? 0) >= (ranges[i - 1]?.[1] ?? 0), 'ranges ascend without overlap');
  });

  test('a paragraph longer than max is cut at sentence ends, and text without sentence ends at spaces', () => {
    const long = 'The Licensee shall pay royalties quarterly. '.repeat(60);
    for (const [s, e] of chunkText(long, { target: 300, max: 500 })) assert.ok(e - s <= 500);
    const table = 'Product A 100 units 2,000 USD '.repeat(80);
    const pieces = chunkText(table, { target: 300, max: 500 });
    assert.ok(pieces.length > 3);
    for (const [s, e] of pieces) assert.ok(e - s <= 500);
  });

  test('empty and whitespace-only text gives no chunks', () => {
    assert.deepEqual(chunkText(''), []);
    assert.deepEqual(chunkText(' \n\n \t'), []);
  });
});

describe('chunkPages', () => {
  test('passages never cross pages and keep their page number', () => {
    const passages = chunkPages([
      { page: 1, text: contract },
      { page: 2, text: 'IN WITNESS WHEREOF, the parties have executed this Agreement.' },
    ]);
    assert.deepEqual(passages.map((p) => p.ordinal), passages.map((_, i) => i));
    const last = passages[passages.length - 1];
    assert.equal(last?.page, 2);
    assert.equal(last?.text, 'IN WITNESS WHEREOF, the parties have executed this Agreement.');
    for (const p of passages) {
      const source = p.page === 1 ? contract : 'IN WITNESS WHEREOF, the parties have executed this Agreement.';
      assert.equal(source.slice(p.start, p.end), p.text);
    }
  });
});

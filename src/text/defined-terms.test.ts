import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { findDefinedTerms } from './defined-terms.js';

const found = (text: string): string[] => findDefinedTerms(text).map((d) => d.text);

describe('findDefinedTerms', () => {
  test('finds capitalized defined terms, joined by "of"', () => {
    assert.deepEqual(found('Does the Change of Control clause bind the Licensee?'), ['Change of Control', 'Licensee']);
    assert.deepEqual(found('When is the Effective Date, and what is a Licensed Product?'), ['Effective Date', 'Licensed Product']);
  });

  test('a capitalized word at a sentence start is not a defined term', () => {
    assert.deepEqual(found('Licensee may not assign. Distributor may.'), []);
    assert.deepEqual(found('Territory? The Territory is Canada.'), ['Territory', 'Canada']);
  });

  test('jurisdictions, filler and months are not defined terms', () => {
    assert.deepEqual(found('Under D.C. Code, what must the Mayor do in March in the District of Columbia?'), ['Mayor']);
  });

  test('an all-capitals question has none', () => {
    assert.deepEqual(found('WHAT IS THE TERM OF THE LICENSED PRODUCT'), []);
  });

  test('offsets are exact', () => {
    const text = 'Can the ABC Board suspend a license?';
    for (const d of findDefinedTerms(text)) assert.equal(text.slice(d.start, d.end), d.text);
    assert.deepEqual(found(text), ['ABC Board']);
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseResponseStructure } from './response-structure.js';

test('simple structures parse to their kind; a missing one is text', () => {
  for (const kind of ['text', 'yes_no', 'date', 'duration', 'money', 'number', 'jurisdiction', 'list']) {
    assert.deepEqual(parseResponseStructure(kind), { kind });
  }
  assert.deepEqual(parseResponseStructure(null), { kind: 'text' });
  assert.deepEqual(parseResponseStructure(' yes_no '), { kind: 'yes_no' });
});

test('enum lists its options in order', () => {
  assert.deepEqual(parseResponseStructure('enum:exclusive|non-exclusive|sole'), { kind: 'enum', options: ['exclusive', 'non-exclusive', 'sole'] });
});

test('unknown kinds, empty options, a single option and duplicates are refused', () => {
  for (const bad of ['', 'boolean', 'Date', 'enum:', 'enum:a', 'enum:a||b', 'enum:a|A', 'yes-no']) {
    assert.equal(parseResponseStructure(bad), null, bad);
  }
});

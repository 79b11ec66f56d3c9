import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeText, isUtf8, withoutCutSequence } from './decode-text.js';

// A clause with characters of every UTF-8 length: § (2 bytes), the en dash and € (3), 𝐀 (4).
const CLAUSE = 'Liability under § 7–2 is capped at €50,000 (the “Cap”) 𝐀.';
const bytes = Buffer.from(CLAUSE, 'utf8');

/** What the fatal streaming decoder (the reference) says of a sample. */
function reference(sample: Uint8Array, truncated: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

test('a sample cut anywhere in valid UTF-8 is valid when marked truncated, as the streaming decoder judges', () => {
  for (let cut = 0; cut <= bytes.length; cut++) {
    const sample = bytes.subarray(0, cut);
    assert.equal(isUtf8(sample, true), true, `cut at ${cut}`);
    assert.equal(isUtf8(sample, false), reference(sample, false), `cut at ${cut}, whole`);
  }
});

test('bytes that are not UTF-8 are refused, truncated or not', () => {
  // Windows-1252 curly quotes around a defined term, as legacy contracts have them.
  const legacy = Buffer.from([...Buffer.from('the '), 0x93, ...Buffer.from('Agreement'), 0x94]);
  for (const truncated of [false, true]) {
    assert.equal(isUtf8(legacy, truncated), false);
    assert.equal(isUtf8(legacy.subarray(0, 5), truncated), reference(legacy.subarray(0, 5), truncated));
  }
  // A continuation byte with no lead, and an overlong lead (C0) at the end, are errors, not cut sequences.
  assert.equal(isUtf8(Buffer.from([0x41, 0x80]), true), false);
  assert.equal(isUtf8(Buffer.from([0x41, 0xc0]), true), false);
});

test('only a cut sequence is dropped from the end', () => {
  const euro = Buffer.from('€', 'utf8');
  assert.deepEqual([...withoutCutSequence(Buffer.concat([Buffer.from('a'), euro.subarray(0, 2)]))], [0x61]);
  assert.deepEqual([...withoutCutSequence(Buffer.concat([Buffer.from('a'), euro]))], [0x61, ...euro]);
  assert.deepEqual([...withoutCutSequence(Buffer.from('a'))], [0x61]);
});

test('text decodes as UTF-8 when valid and as Windows-1252 otherwise', () => {
  assert.deepEqual(decodeText(bytes), { text: CLAUSE, encoding: 'utf-8' });
  assert.deepEqual(decodeText(Buffer.from([0x93, ...Buffer.from('Cap'), 0x94])), { text: '“Cap”', encoding: 'windows-1252' });
});

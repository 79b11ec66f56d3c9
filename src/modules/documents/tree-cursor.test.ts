import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeTreeCursor, encodeTreeCursor } from './tree-cursor.js';

test('a cursor names where a page stopped and reads back the same', () => {
  for (const position of [
    { kind: 'directory' as const, afterId: 1 },
    { kind: 'file' as const, afterId: 20_000 },
    { kind: 'file' as const, afterId: 0 },
  ]) {
    const cursor = encodeTreeCursor(position);
    assert.match(cursor, /^[A-Za-z0-9_-]+$/, 'safe in a query string as is');
    assert.deepEqual(decodeTreeCursor(cursor), position);
  }
});

test('anything this server did not write is refused', () => {
  for (const bad of ['', 'abc', 'f.12', '!!!!', Buffer.from('x.12').toString('base64url'), Buffer.from('f.-1').toString('base64url'),
    Buffer.from('f.012').toString('base64url'), Buffer.from('f.99999999999999999').toString('base64url'), 'a'.repeat(200)]) {
    assert.equal(decodeTreeCursor(bad), null, bad);
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queueHasRoom } from './queue-room.js';

const limits = { workspace: 250, org: 500, total: 1000 };

test('an upload is queued while its workspace, its org and the server are all under their bounds', () => {
  assert.equal(queueHasRoom({ workspace: 0, org: 0, total: 0 }, limits), true);
  assert.equal(queueHasRoom({ workspace: 249, org: 499, total: 999 }, limits), true);
});

test('a full workspace, a full org or a full server each refuse the upload on their own', () => {
  assert.equal(queueHasRoom({ workspace: 250, org: 250, total: 250 }, limits), false);
  assert.equal(queueHasRoom({ workspace: 10, org: 500, total: 500 }, limits), false);
  assert.equal(queueHasRoom({ workspace: 10, org: 10, total: 1000 }, limits), false);
});

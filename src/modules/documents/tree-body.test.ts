import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { chooseTreeBody, MIN_GZIP_BYTES, treeBody, type TreeBody } from './tree-body.js';

/** Waits for the gzip copy (made in zlib's thread pool); the bound is a ceiling for a hang. */
async function compressed(body: TreeBody): Promise<void> {
  for (let i = 0; i < 500 && body.gzipped === null; i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(body.gzipped, 'the gzip copy is made');
}

const nodes = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Master Services Agreement ${i}.pdf`, type: 'file', parent_directory_id: null, file_id: i + 1 }));
const json = Buffer.from(JSON.stringify({ workspace_id: 1, workspace_name: 'Project Falcon', nodes }));

test('a tree body goes gzipped only to a client that accepts gzip, and only once the copy is made', async () => {
  const body = treeBody(json);
  assert.deepEqual(chooseTreeBody(body, { 'accept-encoding': 'gzip' }), { bytes: json, encoding: null }, 'the first read');
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(body.compressing, false, 'a version read once is not compressed');
  assert.deepEqual(chooseTreeBody(body, { 'accept-encoding': 'gzip' }), { bytes: json, encoding: null }, 'the second read starts the copy');
  assert.equal(body.compressing, true);
  await compressed(body);
  const sent = chooseTreeBody(body, { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(sent.encoding, 'gzip');
  assert.deepEqual(gunzipSync(sent.bytes), json);
  for (const header of [undefined, 'identity', 'deflate', 'gzip;q=0', 'br;q=1, gzip;q=0']) {
    assert.deepEqual(chooseTreeBody(body, { 'accept-encoding': header }), { bytes: json, encoding: null }, `accept-encoding: ${header}`);
  }
  assert.equal(chooseTreeBody(body, { 'accept-encoding': '*' }).encoding, 'gzip', '"*" accepts any coding');
});

test('a version that no client asks gzip for is never compressed', async () => {
  const body = treeBody(json);
  for (const header of [undefined, 'identity', 'gzip;q=0']) assert.equal(chooseTreeBody(body, { 'accept-encoding': header }).encoding, null);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(body.compressing, false);
  assert.equal(body.gzipped, null);
});

test('a body under the minimum is never compressed', async () => {
  const small = Buffer.from(JSON.stringify({ workspace_id: 1, workspace_name: 'W', nodes: [] }));
  assert.ok(small.length < MIN_GZIP_BYTES);
  const body = treeBody(small);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(body.gzipped, null);
  assert.equal(chooseTreeBody(body, { 'accept-encoding': 'gzip' }).encoding, null);
});

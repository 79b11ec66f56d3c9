import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { chooseTreeBody, extendedTreeBody, MAX_SEGMENTS, MIN_GZIP_BYTES, treeBody, type TreeBody } from './tree-body.js';

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

/** The body of `json` with one more file node before its tail, as extendTreeBody makes it. */
function withFile(identity: Buffer, id: number): Buffer {
  const text = identity.toString();
  return Buffer.from(`${text.slice(0, -2)},${JSON.stringify({ id, name: `Amendment No. ${id}.pdf`, type: 'file', parent_directory_id: null, file_id: id })}]}`);
}

test('a version that adds files to a compressed one goes gzipped at its first read', async () => {
  const first = treeBody(json);
  chooseTreeBody(first, { 'accept-encoding': 'gzip' });
  chooseTreeBody(first, { 'accept-encoding': 'gzip' });
  await compressed(first);
  let body = first;
  for (let id = 1001; id <= 1005; id++) {
    body = extendedTreeBody(body, withFile(body.identity, id));
    const sent = chooseTreeBody(body, { 'accept-encoding': 'gzip' });
    assert.equal(sent.encoding, 'gzip', `version with file ${id}`);
    assert.deepEqual(gunzipSync(sent.bytes), body.identity);
  }
});

test('a version that adds files to one being compressed gets its copy when that one is ready', async () => {
  const first = treeBody(json);
  chooseTreeBody(first, {});
  chooseTreeBody(first, { 'accept-encoding': 'gzip' });
  chooseTreeBody(first, { 'accept-encoding': 'gzip' });
  assert.equal(first.compressing, true);
  const second = extendedTreeBody(first, withFile(json, 1001));
  const third = extendedTreeBody(second, withFile(second.identity, 1002));
  await compressed(third);
  assert.deepEqual(gunzipSync(third.gzipped!), third.identity);
  assert.deepEqual(gunzipSync(second.gzipped!), second.identity);
});

test('a version extending one never compressed, or not extending it at all, is compressed only as any version is', async () => {
  const unread = treeBody(json);
  const next = extendedTreeBody(unread, withFile(json, 1001));
  assert.equal(next.compressing, false);
  assert.equal(chooseTreeBody(next, { 'accept-encoding': 'gzip' }).encoding, null);

  const read = treeBody(json);
  chooseTreeBody(read, { 'accept-encoding': 'gzip' });
  chooseTreeBody(read, { 'accept-encoding': 'gzip' });
  await compressed(read);
  const renamed = Buffer.from(json.toString().replace('Master Services Agreement 0.pdf', 'Master Services Agreement 0 (signed).pdf'));
  const other = extendedTreeBody(read, renamed);
  assert.equal(other.gzipped, null, 'a body that does not begin with the previous one is not appended to it');
  assert.equal(chooseTreeBody(other, { 'accept-encoding': 'gzip' }).encoding, null);
});

test('after MAX_SEGMENTS appended versions the copy is compressed whole again', async () => {
  let body = treeBody(json);
  chooseTreeBody(body, { 'accept-encoding': 'gzip' });
  chooseTreeBody(body, { 'accept-encoding': 'gzip' });
  await compressed(body);
  for (let id = 1001; body.stream !== null && body.stream.count < MAX_SEGMENTS; id++) body = extendedTreeBody(body, withFile(body.identity, id));
  const next = extendedTreeBody(body, withFile(body.identity, 9999));
  assert.equal(next.compressing, true, 'compressed whole, in the thread pool');
  await compressed(next);
  assert.equal(next.stream?.count, 1);
  assert.deepEqual(gunzipSync(next.gzipped!), next.identity);
});

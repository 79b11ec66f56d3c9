import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { appendToStream, finishGzip, startDeflateStream, type DeflateStream } from './appendable-gzip.js';

// File names as CUAD's dev contracts have them: a tree's nodes repeat them with small changes.
const NAMES = [
  'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt',
  'BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.txt',
  'PIVXSOLUTIONS,INC_05_14_2019-EX-10.1-RESELLER AGREEMENT.txt',
  'CORIOINC_07_07_2000-EX-10.9-OUTSOURCING AGREEMENT.txt',
];
const node = (id: number) => `{"id":${id},"name":${JSON.stringify(`${id} ${NAMES[id % NAMES.length]}`)},"type":"file","parent_directory_id":null,"file_id":${id}}`;
const TAIL = Buffer.from(']}');

function started(raw: Buffer): Promise<DeflateStream> {
  return new Promise((resolve, reject) => startDeflateStream(raw, (stream) => (stream ? resolve(stream) : reject(new Error('no stream')))));
}

test('a gzip copy grown by appends decodes to the whole body, a few bytes per append larger than gzip of the whole', async () => {
  const head = `{"workspace_id":7,"workspace_name":"Project Falcon","nodes":[${Array.from({ length: 300 }, (_, i) => node(i + 1)).join(',')}`;
  let stream = await started(Buffer.from(head));
  let body = head;
  for (let id = 301; id <= 500; id++) {
    const added = `,${node(id)}`;
    stream = appendToStream(stream, Buffer.from(added));
    body += added;
    if (id % 50 === 0) assert.equal(gunzipSync(finishGzip(stream, TAIL)).toString(), `${body}]}`, `after file ${id}`);
  }
  const whole = Buffer.from(`${body}]}`);
  const copy = finishGzip(stream, TAIL);
  assert.deepEqual(gunzipSync(copy), whole);
  // Each append costs its segment's framing (a sync flush is 5 bytes) and what it could not refer back to.
  const extra = copy.length - gzipSync(whole).length;
  assert.ok(extra < 16 * 200, `${copy.length} bytes against ${gzipSync(whole).length} for gzip of the whole`);
});

test('two versions appended to the same one each decode to their own body', async () => {
  const base = await started(Buffer.from(`{"nodes":[${node(1)}`));
  const a = appendToStream(base, Buffer.from(`,${node(2)}`));
  const b = appendToStream(base, Buffer.from(`,${node(3)}`));
  const a2 = appendToStream(a, Buffer.from(`,${node(4)}`));
  assert.equal(gunzipSync(finishGzip(a2, TAIL)).toString(), `{"nodes":[${node(1)},${node(2)},${node(4)}]}`);
  assert.equal(gunzipSync(finishGzip(b, TAIL)).toString(), `{"nodes":[${node(1)},${node(3)}]}`);
  assert.equal(gunzipSync(finishGzip(base, TAIL)).toString(), `{"nodes":[${node(1)}]}`);
});

test('an empty start and a start shorter than the dictionary are streams too', async () => {
  const empty = await started(Buffer.alloc(0));
  assert.equal(gunzipSync(finishGzip(empty, TAIL)).toString(), ']}');
  const grown = appendToStream(appendToStream(empty, Buffer.from('{"nodes":[')), Buffer.from(node(9)));
  assert.equal(gunzipSync(finishGzip(grown, TAIL)).toString(), `{"nodes":[${node(9)}]}`);
});

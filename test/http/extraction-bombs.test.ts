import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildBombPdf } from '../../src/modules/documents/extraction/__fixtures__/pdf-bomb.js';
import { buildBombDocx } from '../../src/modules/documents/extraction/__fixtures__/zip-bomb.js';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// Not in the PostgreSQL pass: what is bounded here is extraction (child processes, zip and
// deflate budgets), the same on every backend; upload.test.ts covers storing uploads there.

/*
 * Decompression bombs must not grow the server: extraction runs in child processes with a memory
 * watchdog, and zip entries inflate under a byte budget whatever their headers declare. The server
 * runs in this test process, so this process's RSS is the server's.
 */

const GiB = 1024 ** 3;
/** The goal: no upload under 100 MiB raises server RSS by more than this. */
const MAX_RSS_GROWTH = 300 * 1024 * 1024;

let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  server = await startTestServer({ config: { extractionMaxMemoryMb: 512, extractionTimeoutMs: 120_000, rateLimitDefault: 1_000_000 } });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

/** Uploads `bytes` and waits for its end state, sampling this process's RSS meanwhile. */
async function ingestMeasured(bytes: Buffer, fileName: string) {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  try {
    const response = await upload(server, tenant.workspace.id, key, bytes, { fileName });
    assert.equal(response.status, 200);
    const { file_id: fileId } = (await response.json()) as { file_id: number };
    const final = await waitForStatus(server, tenant.workspace.id, fileId, key, 180_000);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { final, growth: peak - baseline, baseline, peak };
  } finally {
    clearInterval(sampler);
  }
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

describe('decompression bombs', () => {
  test('a DOCX whose zip headers under-declare a 3 GiB entry fails without growing the server', async () => {
    const bomb = buildBombDocx(3 * GiB, { declaredSize: 4096 });
    assert.ok(bomb.length < 100 * 1024 * 1024);
    const { final, growth, baseline, peak } = await ingestMeasured(bomb, 'bomb.docx');
    console.log(`docx bomb (${mb(bomb.length)} on disk): server RSS ${mb(baseline)} -> peak ${mb(peak)} (+${mb(growth)})`);
    assert.equal(final.status, 'failed');
    assert.match(String(final.error), /zip bomb|memory limit/);
    assert.ok(growth < MAX_RSS_GROWTH, `server RSS grew by ${mb(growth)}`);
  });

  test('a PDF with a FlateDecode stream of 1 GiB of zeros fails without growing the server', async () => {
    const bomb = buildBombPdf(GiB);
    assert.ok(bomb.length < 100 * 1024 * 1024);
    const { final, growth, baseline, peak } = await ingestMeasured(bomb, 'bomb.pdf');
    console.log(`pdf bomb (${mb(bomb.length)} on disk): server RSS ${mb(baseline)} -> peak ${mb(peak)} (+${mb(growth)})`);
    assert.equal(final.status, 'failed');
    assert.match(String(final.error), /memory limit/);
    assert.ok(growth < MAX_RSS_GROWTH, `server RSS grew by ${mb(growth)}`);
  });

  test('a normal upload still extracts after the bombs', async () => {
    const response = await upload(server, tenant.workspace.id, key, 'The tenant shall pay rent monthly.', { fileName: 'after.txt' });
    const { file_id: fileId } = (await response.json()) as { file_id: number };
    assert.equal((await waitForStatus(server, tenant.workspace.id, fileId, key, 60_000)).status, 'ready');
  });
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { folioInit, serveProcess, stopProcess } from '../support/cli-process.js';
import { cliTenant } from '../support/tenant-process.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// The compose.yaml topology with plain processes (this machine runs no Docker daemon): two
// `folio serve` processes on one PostgreSQL and one Redis, sharing one blob folder, behind one
// port. The round-robin proxy below stands in for the load balancer (nginx in compose.yaml):
// it sends each request to the next process and, like nginx's proxy_next_upstream, tries the
// other when a process does not accept the connection.
const redisUrl = process.env.FOLIO_TEST_REDIS_URL?.trim();
const skip = !(process.env.FOLIO_TEST_DATABASE_URL && redisUrl) && 'needs FOLIO_TEST_DATABASE_URL and FOLIO_TEST_REDIS_URL';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-topology-'));
const processes: Array<Awaited<ReturnType<typeof serveProcess>>> = [];
let proxy: Server;
let base = '';
let tenant: ReturnType<typeof cliTenant>;

function startProxy(backends: string[]): Promise<Server> {
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const target = new URL(backends[next++ % backends.length]!);
        const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => (tries > 1 ? attempt(tries - 1) : res.writeHead(502).end()));
        upstream.end(body);
      };
      attempt(backends.length);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

before(async () => {
  if (skip) return;
  const databaseUrl = await testDatabaseUrl(dataDir);
  assert.ok(databaseUrl);
  folioInit(dataDir);
  tenant = cliTenant(dataDir);
  const env = { FOLIO_REDIS_URL: redisUrl!, FOLIO_REDIS_PREFIX: `folio-test:${randomUUID()}:` };
  for (let i = 0; i < 2; i++) processes.push(await serveProcess(dataDir, env));
  proxy = await startProxy(processes.map((p) => p.url));
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
after(async () => {
  if (skip) return;
  for (const p of processes) await stopProcess(p.child);
  await new Promise((resolve) => proxy.close(resolve));
  await dropTestDatabase(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${tenant.key}` });

async function upload(name: string, text: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const response = await fetch(`${base}/v1/workspaces/${tenant.workspaceId}/documents`, { method: 'POST', headers: { ...auth(), 'x-idempotency-key': `topology-${name}` }, body: form });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { file_id: number }).file_id;
}

async function waitReady(fileId: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const file = (await (await fetch(`${base}/v1/workspaces/${tenant.workspaceId}/documents/${fileId}`, { headers: auth() })).json()) as { status: string };
    if (file.status === 'ready') return;
    assert.notEqual(file.status, 'failed');
    if (Date.now() > deadline) throw new Error(`file ${fileId} still ${file.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('two processes behind one port serve one workspace, and one of them dying loses nothing', { skip, timeout: 300_000 }, async () => {
  const contracts = [
    ['Supply Agreement.txt', 'SUPPLY AGREEMENT. This Agreement shall be governed by the laws of the State of Delaware.'],
    ['Lease.txt', 'LEASE. The Tenant shall pay rent of $2,000 on the first day of each month.'],
    ['NDA.txt', 'CONFIDENTIALITY. The Recipient shall keep the Confidential Information secret for five (5) years.'],
    ['Services Agreement.txt', 'SERVICES. Either party may terminate this Agreement on ninety (90) days written notice.'],
  ] as const;
  const ids: number[] = [];
  for (const [name, text] of contracts) ids.push(await upload(name, text));
  for (const id of ids) await waitReady(id);

  // Each request goes to the next process: every file is visible through both, with its blob.
  const tree = (await (await fetch(`${base}/v1/workspaces/${tenant.workspaceId}/documents`, { headers: auth() })).json()) as { nodes: Array<{ name: string }> };
  assert.deepEqual(tree.nodes.map((n) => n.name).sort(), contracts.map(([name]) => name).sort());
  for (let i = 0; i < 2; i++) {
    const text = (await (await fetch(`${base}/v1/workspaces/${tenant.workspaceId}/documents/${ids[0]}/text`, { headers: auth() })).json()) as { pages: Array<{ text: string }> };
    assert.match(text.pages[0]?.text ?? '', /State of Delaware/);
  }
  // A retried upload under its idempotency key replays, whichever process it reaches.
  assert.equal(await upload(contracts[0][0], contracts[0][1]), ids[0]);

  // One process dies (kill -9): the other answers everything, and a new upload is ingested.
  await stopProcess(processes[0]!.child, 'SIGKILL');
  const late = await upload('Late Amendment.txt', 'AMENDMENT. The term of the Lease is extended by one (1) year.');
  await waitReady(late);
  const answer = await fetch(`${base}/v1/workspaces/${tenant.workspaceId}/query`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ question: 'Which law governs the supply agreement?' }) });
  assert.equal(answer.status, 200);
  const body = (await answer.json()) as { answer: string; citations: number[] };
  assert.ok(body.citations.includes(ids[0]!), JSON.stringify(body));
});

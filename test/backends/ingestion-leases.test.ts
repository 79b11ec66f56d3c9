import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openStore, type OpenedStore } from '../../src/db/open.js';
import { createIngestionRepository } from '../../src/modules/documents/ingestion/ingestion.repository.js';
import { buildTenant, type Tenant } from '../support/factories.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// The PostgreSQL job queue as two processes see it: two pools on one schema, each claiming with
// FOR UPDATE SKIP LOCKED; a lease not renewed expires and another process takes the job over.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';
const dir = mkdtempSync(join(tmpdir(), 'folio-leases-'));
let first: OpenedStore;
let second: OpenedStore;
let tenant: Tenant;

before(async () => {
  if (skip) return;
  const url = await testDatabaseUrl(dir);
  first = await openStore({ databaseUrl: url, dataDir: dir });
  second = await openStore({ databaseUrl: url, dataDir: dir });
  tenant = await buildTenant({ store: first.store, clock: { now: () => new Date() } });
});
after(async () => {
  if (skip) return;
  await first.close();
  await second.close();
  rmSync(dir, { recursive: true, force: true });
  await dropTestDatabase(dir);
});

async function queueFiles(n: number, tag: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    await first.store.documents.insertFileWithJob({
      workspace_id: tenant.workspace.id, parent_directory_id: null, file_name: `${tag}-${i}.txt`, sha256: createHash('sha256').update(`${tag}-${i}`).digest('hex'), size_bytes: 1,
      content_type: null, status: 'processing', error: null, page_count: null, created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z',
    });
  }
}

test('concurrent claims from two processes never take the same job', { skip }, async () => {
  await queueFiles(20, 'race');
  const repos = [createIngestionRepository({ db: first.store.db, skipLocked: true }), createIngestionRepository({ db: second.store.db, skipLocked: true })];
  const claimed: number[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (;;) {
        const job = await repos[w % 2]!.claimNext(`worker-${w}`, new Date().toISOString());
        if (!job) return;
        claimed.push(job.id);
      }
    }),
  );
  assert.equal(claimed.length, 20);
  assert.equal(new Set(claimed).size, 20);
  for (const id of claimed) await repos[0]!.finish(id, 'done', new Date().toISOString());
});

test('a lease renewed stays; one left to expire is taken over by the other process', { skip }, async () => {
  await queueFiles(1, 'lease');
  const a = createIngestionRepository({ db: first.store.db, skipLocked: true });
  const b = createIngestionRepository({ db: second.store.db, skipLocked: true });
  const t0 = Date.parse('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(t0 + ms).toISOString();
  const job = await a.claimNext('a', at(0));
  assert.ok(job);
  assert.equal(await b.claimNext('b', at(1)), undefined);
  await a.renew('a', [job.id], at(20_000));
  // 30 s leases: at 40 s the renewed job is still A's.
  assert.equal(await b.requeueStale(at(40_000 - 30_000), at(40_000)), 0);
  // A died after its renewal: 30 s later its lease has expired.
  assert.equal(await b.requeueStale(at(50_001 - 30_000), at(50_001)), 1);
  const taken = await b.claimNext('b', at(50_002));
  assert.equal(taken?.id, job.id);
  assert.equal(taken?.locked_by, 'b');
  assert.equal(taken?.attempts, 2);
  // The dead process's renewal, arriving late, does not steal it back.
  await a.renew('a', [job.id], at(50_003));
  assert.equal((await first.store.db.selectFrom('ingestion_jobs').select('locked_by').where('id', '=', job.id).executeTakeFirstOrThrow()).locked_by, 'b');
});

test('a process that stops hands back only its own running jobs, and another process claims them at once', { skip }, async () => {
  await queueFiles(3, 'handback');
  const a = createIngestionRepository({ db: first.store.db, skipLocked: true });
  const b = createIngestionRepository({ db: second.store.db, skipLocked: true });
  const now = new Date().toISOString();
  const [heldByA, doneByA, heldByB] = [await a.claimNext('a', now), await a.claimNext('a', now), await b.claimNext('b', now)];
  assert.ok(heldByA && doneByA && heldByB);
  await a.finish(doneByA.id, 'done', now);
  assert.equal(await a.releaseHeld('a', now), 1);
  const state = async (id: number) => (await first.store.db.selectFrom('ingestion_jobs').select(['state', 'locked_by']).where('id', '=', id).executeTakeFirstOrThrow());
  assert.deepEqual(await state(heldByA.id), { state: 'queued', locked_by: null });
  assert.deepEqual(await state(doneByA.id), { state: 'done', locked_by: null });
  assert.deepEqual(await state(heldByB.id), { state: 'running', locked_by: 'b' });
  // No lease to wait out: B claims the job A handed back straight away.
  assert.equal((await b.claimNext('b', now))?.id, heldByA.id);
  for (const id of [heldByA.id, heldByB.id]) await b.finish(id, 'done', now);
});

/**
 * `npm run bench:statutes`: imports the whole D.C. Code publication of 2024-10-20 into a fresh
 * data folder (goal: under 30 s), then times GET /v1/statute/{citation} through HTTP for random
 * sections, one request at a time after a warm-up (goal: p99 under 5 ms), with GET /healthz
 * timed the same way as the baseline.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../src/db/open.js';
import { findImportFormat } from '../src/modules/statutes/import/formats.js';
import { importStatutes } from '../src/modules/statutes/import/import-statutes.js';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);

const source = sharedDataPath('statutes', 'dc', '2024-10-20');
if (!source) {
  console.log(`bench:statutes ${missingDataReason('statutes', 'dc', '2024-10-20')}`);
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-statutes-'));
try {
  const opened = await openSqliteStore(dataDir);
  const summary = await importStatutes(
    { db: opened.store.db, search: opened.statuteSearch },
    { format: findImportFormat('dc')!, path: source, published: '2024-10-20' },
  );
  const rows = await opened.store.db.selectFrom('statute_sections').select('citation').where('jurisdiction', '=', 'DC').execute();
  await opened.close();
  // maxRSS is in kilobytes on Linux.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `import D.C. Code 2024-10-20: ${summary.sections_seen} sections, ${summary.versions_new} versions in ${(summary.elapsed_ms / 1000).toFixed(1)} s ` +
      `= ${summary.sections_per_second} sections/s (goal < 30 s); peak RSS ${peakRssMb.toFixed(0)} MB`,
  );

  // Grouped entries keyed by their printed range are stored but not citable: leave them out.
  const citations = rows.map((r) => r.citation).filter((c) => !/ to /.test(c));
  const pick = () => citations[Math.floor(Math.random() * citations.length)]!;

  const child = fork(new URL('./support/statute-bench-server.ts', import.meta.url), [dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const { url, key } = await new Promise<{ url: string; key: string }>((resolve) => child.once('message', (m) => resolve(m as { url: string; key: string })));
  try {
    const headers = { authorization: `Bearer ${key}` };
    const time = async (path: () => string, withKey: boolean) => {
      const ms: number[] = [];
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const target = path();
        const started = performance.now();
        const response = await fetch(url + target, withKey ? { headers } : {});
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${target}: ${response.status}`);
        if (i >= WARMUP) ms.push(elapsed);
      }
      ms.sort((a, b) => a - b);
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
      return { p50: at(0.5), p99: at(0.99), max: ms[ms.length - 1]!.toFixed(2) };
    };
    console.log(`sequential requests: ${REQUESTS} timed after ${WARMUP} warm-up, server in its own process`);
    const baseline = await time(() => '/healthz', false);
    console.log(`GET /healthz (baseline)             p50 ${baseline.p50} ms   p99 ${baseline.p99} ms   max ${baseline.max} ms`);
    const lookups = await time(() => `/v1/statute/${encodeURIComponent(pick())}`, true);
    console.log(`GET /v1/statute/{random DC section} p50 ${lookups.p50} ms   p99 ${lookups.p99} ms   max ${lookups.max} ms (goal p99 < 5 ms)`);
  } finally {
    child.disconnect();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

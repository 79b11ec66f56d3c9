/**
 * `npm run bench [-- --backends sqlite,postgres]`: throughput of authenticated GET /v1/workspaces
 * against a bare route of the same server, in one run, on each backend (both by default). Prints
 * both routes, their ratio (goal: at least 0.5), and the backends side by side. BENCH_CPU_PROF=DIR
 * writes the server's CPU profiles (`--cpu-prof`) into DIR.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildProduction } from './support/production-server.js';
import { benchDatabase, chosenBackends } from './support/bench-database.js';
import { formatSideBySide, type BackendFigures } from './support/side-by-side.js';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

const { values } = parseArgs({ options: { backends: { type: 'string' } } });
buildProduction();
console.log(`autocannon: ${connections} connections, ${duration} s per route, server in its own process`);
const runs: BackendFigures[] = [];
for (const backend of await chosenBackends(values.backends)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
  const database = await benchDatabase(backend, dataDir);
  const child = fork(new URL('./support/bench-server.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: 'inherit',
    env: { ...process.env, ...database.env, BENCH_DATA_DIR: dataDir },
  });
  const { url, key } = await new Promise<{ url: string; key: string }>((resolve) => child.once('message', (m) => resolve(m as { url: string; key: string })));
  try {
    console.log(`\n#### backend: ${backend}`);
    const bare = await run(url, 'GET /__bare (baseline)', '/__bare');
    const authed = await run(url, 'GET /v1/workspaces (authenticated)', '/v1/workspaces', { authorization: `Bearer ${key}` });
    console.log(`ratio authenticated / bare: ${(authed.rps / bare.rps).toFixed(2)} (goal >= 0.5)`);
    runs.push({ backend, figures: { 'bare req/s': bare.rps, 'authenticated req/s': authed.rps, 'ratio (goal >= 0.5)': authed.rps / bare.rps, 'authenticated p99 ms': authed.p99 } });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.disconnect();
    await exited;
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
for (const line of formatSideBySide('GET /v1/workspaces', runs, 2)) console.log(line);

async function run(url: string, title: string, path: string, headers: Record<string, string> = {}) {
  // A short warm-up so the JIT and SQLite caches are hot for both routes alike.
  await autocannon({ url: url + path, headers, connections, duration: 1 });
  const result = await autocannon({ url: url + path, headers, connections, duration });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${non2xx}`,
  );
  if (non2xx > 0) throw new Error(`${title}: ${non2xx} failed requests`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * `npm run bench`: throughput of authenticated GET /v1/workspaces against a bare route of the
 * same server, in one run. Prints both and their ratio (goal: at least 0.5).
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { buildProduction } from './support/production-server.js';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

buildProduction();
const child = fork(new URL('./support/bench-server.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const { url, key } = await new Promise<{ url: string; key: string }>((resolve) => child.once('message', (m) => resolve(m as { url: string; key: string })));

async function run(title: string, path: string, headers: Record<string, string> = {}) {
  // A short warm-up so the JIT and SQLite caches are hot for both routes alike.
  await autocannon({ url: url + path, headers, connections, duration: 1 });
  const result = await autocannon({ url: url + path, headers, connections, duration });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${non2xx}`,
  );
  if (non2xx > 0) throw new Error(`${title}: ${non2xx} failed requests`);
  return result.requests.average;
}

try {
  console.log(`autocannon: ${connections} connections, ${duration} s per route, server in its own process`);
  const bare = await run('GET /__bare (baseline)', '/__bare');
  const authed = await run('GET /v1/workspaces (authenticated)', '/v1/workspaces', { authorization: `Bearer ${key}` });
  console.log(`ratio authenticated / bare: ${(authed / bare).toFixed(2)} (goal >= 0.5)`);
} finally {
  child.disconnect();
}

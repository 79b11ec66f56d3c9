/**
 * `npm run bench:load [-- --threads 0,nogate,default] [--sessions shared,own]`: 200 connections of mixed traffic for 20 s against
 * the compiled server on a large workspace (BENCH_LOAD_DOCS distinct CUAD texts, default 3000) plus
 * the whole 2024 D.C. Code, once per answering mode listed in `--threads` (FOLIO_QUERY_THREADS; 0 is
 * the old mode, answering on the event loop, as the baseline; `nogate` is the default with the
 * read gate off; `default` is the server's own default), and per scheduling placement in `--sessions`
 * (SESSIONS below), each in a fresh server process on the same data. Prints per endpoint: throughput,
 * p50/p99, 503s and other 5xx; then p50/p99 of /healthz and of three reads probed by sequential
 * clients in processes of their own, and of two reads of a second org that sends no load (what one
 * tenant's load costs another), and /healthz from a thread of the generator, as before; the
 * server's peak RSS, and the modes side by side. Goals: no 5xx, /healthz and reads p99 < 50 ms,
 * peak RSS < 1 GB. Traffic goes only to 127.0.0.1. BENCH_RUNS=R runs each mode R times (each in a
 * fresh server) and prints the median of the probes' p99s per mode.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { openSqliteStore } from '../src/db/open.js';
import { findImportFormat } from '../src/modules/statutes/import/formats.js';
import { importStatutes } from '../src/modules/statutes/import/import-statutes.js';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { buildProduction, folio, spawnCompiledServer, startProductionServer } from './support/production-server.js';
import { cpuByKind, threadCpu } from './support/thread-cpu.js';
import { lowerGeneratorPriority } from './support/generator-priority.js';

const DOCS = Number(process.env.BENCH_LOAD_DOCS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/**
 * Runs of each mode and session (default 1). One p99 of a 20-second run moved by a factor of two
 * between identical runs on 2 shared cores (stop 38's note), so a change is judged on the median of
 * several, run one after another on the same data.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_RUNS must be a positive integer, got ${process.env.BENCH_RUNS}`);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
/**
 * Nice value of this load generator during the load (default 0). The generator shares the server's
 * 2 cores here; with 10 it takes only CPU the server leaves, as clients on other machines would
 * (thread and autogroup nice both: support/generator-priority.ts).
 */
const GENERATOR_NICE = Number(process.env.BENCH_GENERATOR_NICE ?? 0);
const threadsArg = process.argv.indexOf('--threads');
const MODES = (threadsArg >= 0 ? process.argv[threadsArg + 1] ?? '' : '0,nogate,default').split(',').filter(Boolean);
/**
 * Where the server runs for the kernel's scheduler (`--sessions`, default both): `shared`, in this
 * generator's session, so with autogroup scheduling (Linux's default) its threads compete thread for
 * thread with the generator's; `own`, in a session of its own, as a server started from another
 * terminal or as a service runs (the issue's load run started the server and its load apart), so
 * the server's threads and the generator's share the cores group against group.
 */
const sessionsArg = process.argv.indexOf('--sessions');
const SESSIONS = (sessionsArg >= 0 ? process.argv[sessionsArg + 1] ?? '' : 'shared,own').split(',').filter(Boolean);
for (const s of SESSIONS) if (s !== 'shared' && s !== 'own') throw new Error(`--sessions takes shared and/or own, got ${s}`);
const autogroup = (() => {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1' ? 'on' : 'off';
  } catch {
    return 'absent';
  }
})();
/**
 * Probes `url` every 20 ms for `seconds` and returns the latencies (ms). Plain JS: eval'd. With
 * `raw`, through node:http, reading the bytes as sent and not decoding them (a gzipped body stays
 * gzipped): the time until the server's last byte arrived. fetch instead decodes gzip as it reads,
 * in zlib's thread pool, and on these 2 shared cores each hop of that waits for a core: that wait
 * is the client's, which a client on another machine does not share with the server.
 */
const PROBE_LOOP = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http.get(url, { headers, agent }, (response) => {
      const headersAt = performance.now() - t;
      response.on('data', () => {});
      response.on('end', () => resolve({ status: response.statusCode, encoding: response.headers['content-encoding'], headersAt }));
      response.on('error', reject);
    }).on('error', reject);
  });
}
async function probe(url, seconds, headers, raw) {
  const times = [];
  const headerTimes = [];
  let failures = 0;
  let encoded = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    let status;
    if (raw) {
      const read = await rawGet(url, { 'accept-encoding': 'gzip', ...headers });
      headerTimes.push(read.headersAt);
      status = read.status;
      if (read.encoding) encoded += 1;
    } else {
      const response = await fetch(url, { headers });
      headerTimes.push(performance.now() - t);
      await response.arrayBuffer();
      status = response.status;
      if (response.headers.get('content-encoding')) encoded += 1;
    }
    // A 503 (shed) counts with its latency, and is reported: it is not an answer.
    if (status !== 200) failures += 1;
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { times, headerTimes, failures, encoded };
}
`;
/** The probe in a thread of this generator: it shares the generator's process and scheduling group. */
const THREAD_PROBER = `${PROBE_LOOP}
const { parentPort, workerData } = require('node:worker_threads');
probe(workerData.url, workerData.seconds).then((result) => parentPort.postMessage(result.times));
`;
/**
 * The probe in a process of its own, in a session of its own, as a load balancer's runs: apart from
 * the generator, whose 200 connections keep its own event loop and scheduling group busy.
 */
const PROCESS_PROBER = `${PROBE_LOOP}
probe(process.argv[1], Number(process.argv[2]), JSON.parse(process.argv[3] ?? '{}'), process.argv[4] === 'raw').then((result) => process.stdout.write(JSON.stringify(result)));
`;
/** Runs PROCESS_PROBER on `url` in a process and session of its own; resolves with its latencies. */
interface ProbeResult {
  times: number[];
  /** Until the response's headers arrived: what is left of `times` is reading (and decoding) the body. */
  headerTimes: number[];
  failures: number;
  /** Responses with a Content-Encoding (fetch accepts gzip). */
  encoded: number;
}
function probeInProcess(url: string, headers: Record<string, string>, raw = false): Promise<ProbeResult> {
  const child = spawn(process.execPath, ['-e', PROCESS_PROBER, url, String(SECONDS), JSON.stringify(headers), raw ? 'raw' : 'fetch'], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise<ProbeResult>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(JSON.parse(out) as ProbeResult) : reject(new Error(`prober of ${url} exited ${code}`))));
  });
}
const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const txtDir = sharedDataPath('documents', 'cuad', 'txt');
const dcCode = sharedDataPath('statutes', 'dc', '2024-10-20');
const questionsFile = sharedDataPath('questions', 'statute-dev.jsonl');
if (!txtDir || !dcCode || !questionsFile) {
  console.log(`bench:load ${missingDataReason(!txtDir ? 'documents/cuad/txt' : !dcCode ? 'statutes/dc/2024-10-20' : 'questions/statute-dev.jsonl')}`);
  process.exit(0);
}

buildProduction();
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-load-'));
let started = performance.now();
// Imported as bench:statutes does, before the server opens the folder.
const opened = await openSqliteStore(dataDir);
await importStatutes({ db: opened.store.db, search: opened.statuteSearch }, { format: findImportFormat('dc')!, path: dcCode, published: '2024-10-20' });
await opened.close();
console.log(`imported the D.C. Code 2024-10-20 in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const seeding = await startProductionServer({}, undefined, dataDir);
const { url, key, workspaceId } = seeding;
const auth = { authorization: `Bearer ${key}` };
const stopChild = async (child: typeof seeding.child) => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

/** One `file` part. Each copy of a contract gets its own closing line, so every copy is a distinct document. */
function multipart(fileName: string, text: string): { body: Buffer; contentType: string } {
  const boundary = `folio${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName.replace(/"/g, '%22')}"\r\nContent-Type: text/plain\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), Buffer.from(text), Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

const contracts = readdirSync(txtDir).sort().map((name) => ({ name, text: readFileSync(join(txtDir, name), 'utf8') }));
try {
  // Build the large workspace through HTTP, 4 uploads at a time.
  started = performance.now();
  let next = 0;
  let lastId = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < DOCS) {
        const i = next++;
        const contract = contracts[i % contracts.length]!;
        const copy = Math.floor(i / contracts.length);
        const { body, contentType } = multipart(copy === 0 ? contract.name : `copy ${copy}/${contract.name}`, `${contract.text}\n\nData room copy ${copy}.\n`);
        bytes += body.length;
        for (;;) {
          const response = await fetch(`${url}/v1/workspaces/${workspaceId}/documents`, { method: 'POST', headers: { ...auth, 'content-type': contentType }, body });
          if (response.status === 503) {
            // The workspace's ingestion queue is full: wait as a client should.
            await response.arrayBuffer();
            await new Promise((r) => setTimeout(r, 1000 * Number(response.headers.get('retry-after') ?? 1)));
            continue;
          }
          if (response.status !== 200) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
          lastId = Math.max(lastId, ((await response.json()) as { file_id: number }).file_id);
          break;
        }
      }
    }),
  );
  for (;;) {
    const file = (await (await fetch(`${url}/v1/workspaces/${workspaceId}/documents/${lastId}`, { headers: auth })).json()) as { status: string };
    if (file.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`workspace: ${DOCS} documents, ${(bytes / 1e6).toFixed(0)} MB uploaded and indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await stopChild(seeding.child);
  // A second tenant that sends nothing but the probes' reads: what the load of one org costs another.
  const otherOrg = folio(dataDir, ['org', 'create', '--name', 'Quiet LLP']);
  const otherUser = folio(dataDir, ['user', 'create', '--org', String(otherOrg.id), '--email', 'quiet@bench.test', '--name', 'Quiet', '--org-admin']);
  const otherWorkspace = folio(dataDir, ['workspace', 'create', '--org', String(otherOrg.id), '--owner', String(otherUser.id), '--name', 'Quiet']);
  const otherKey = folio(dataDir, ['key', 'create', '--org', String(otherOrg.id), '--created-by', String(otherUser.id), '--name', 'quiet', '--scopes', 'workspaces:read,documents:read', '--rate-limit', '1000000000']).key as string;
  const otherAuth = { authorization: `Bearer ${otherKey}` };

  const asks = readFileSync(questionsFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { task: string; question: string; jurisdiction: string }).filter((q) => q.task === 'ask' && q.jurisdiction === 'DC');
  // Only the D.C. Code is loaded: another jurisdiction's question would answer 422 (no statutes
  // loaded for it) and count as asks that did no research.
  const workspaceQuestions = [
    'Which state law governs the agreement?',
    'What is the term of the agreement and how can it be renewed?',
    'Can either party terminate for convenience, and on how much notice?',
    'Who owns the intellectual property developed under the agreement?',
    'Is there a cap on liability?',
  ];
  let n = 0;
  const summaries: Array<{ mode: string; healthP99: number; threadHealthP99: number; readProbes: string; readP99s: Array<{ title: string; p99: number }>; shed: number; fiveXx: number; rssMb: number; load: string; rows: string[] }> = [];
  const byMode = new Map<string, typeof summaries>();
  for (const session of SESSIONS) for (const mode of MODES) for (let run = 1; run <= RUNS; run++) {
    const env: Record<string, string> = { FOLIO_LOG_LEVEL: 'warn', FOLIO_MAX_INFLIGHT_REQUESTS: '100000' };
    // `nogate`: the default threads with the read gate off (FOLIO_READ_CONCURRENCY=0), the baseline for the gate.
    if (mode === 'nogate') env.FOLIO_READ_CONCURRENCY = '0';
    else if (mode !== 'default') env.FOLIO_QUERY_THREADS = mode;
    const { child, url } = await spawnCompiledServer(dataDir, env, undefined, { ownSession: session === 'own' });
    const label = `${mode}, session ${session}`;
    const runLoad = (m: string, u: string, rss: () => number) => runLoadOn(child, `${m}, session ${session}${RUNS > 1 ? `, run ${run} of ${RUNS}` : ''}`, u, rss);
    const peakRssMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    try {
      // Let the answering threads boot before the load starts.
      await new Promise((r) => setTimeout(r, 2000));
      const summary = await runLoad(mode, url, peakRssMb);
      summaries.push(summary);
      byMode.set(label, [...(byMode.get(label) ?? []), summary]);
    } finally {
      // Also when a run fails: a server left behind would take CPU from every later benchmark.
      await stopChild(child);
    }
  }
  console.log(`\nside by side (FOLIO_QUERY_THREADS; 0 = answering on the event loop, the old mode; session: the server's scheduling group, autogroup ${autogroup}):`);
  for (const s of summaries) {
    console.log(`\n threads=${s.mode}: /healthz p99 ${s.healthP99.toFixed(1)} ms (probe in the generator's thread ${s.threadHealthP99.toFixed(1)} ms); probed reads: ${s.readProbes}; 503 ${s.shed}, other 5xx ${s.fiveXx}, peak RSS ${s.rssMb.toFixed(0)} MB, load average during the run ${s.load}`);
    for (const row of s.rows) console.log(`   ${row}`);
  }
  if (RUNS > 1) {
    // The lower of the two middle runs when RUNS is even.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
    console.log(`\nmedian of ${RUNS} runs (p99, probes in their own processes; goal < 50 ms):`);
    for (const [label, runs] of byMode) {
      const reads = runs[0]!.readP99s.map(({ title }, i) => `${title} ${median(runs.map((r) => r.readP99s[i]?.p99 ?? NaN)).toFixed(1)} ms`);
      console.log(` threads=${label}: /healthz ${median(runs.map((r) => r.healthP99)).toFixed(1)} ms (runs: ${runs.map((r) => r.healthP99.toFixed(1)).join(', ')}); ${reads.join(', ')}`);
    }
  }

  async function runLoadOn(child: typeof seeding.child, mode: string, url: string, peakRssMb: () => number) {
    const pick = <T>(list: T[]) => list[n++ % list.length]!;
    const json = { ...auth, 'content-type': 'application/json' };
    // Shares of the 200 connections. Uploads send a new distinct copy every time.
    const mix: Array<{ title: string; share: number; request: () => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string | Buffer } }> = [
      { title: 'GET /v1/workspaces/{id}', share: 0.2, request: () => ({ method: 'GET', path: `/v1/workspaces/${workspaceId}`, headers: auth }) },
      { title: 'GET /v1/org', share: 0.1, request: () => ({ method: 'GET', path: '/v1/org', headers: auth }) },
      { title: 'GET .../documents (tree)', share: 0.15, request: () => ({ method: 'GET', path: `/v1/workspaces/${workspaceId}/documents`, headers: auth }) },
      { title: 'POST .../query', share: 0.2, request: () => ({ method: 'POST', path: `/v1/workspaces/${workspaceId}/query`, headers: json, body: JSON.stringify({ question: pick(workspaceQuestions) }) }) },
      { title: 'POST /v1/ask (D.C.)', share: 0.2, request: () => { const q = pick(asks); return { method: 'POST', path: '/v1/ask', headers: json, body: JSON.stringify({ question: q.question, jurisdiction: q.jurisdiction }) }; } },
      {
        title: 'POST .../documents (upload)',
        share: 0.15,
        request: () => {
          const contract = pick(contracts);
          const { body, contentType } = multipart(`load/${contract.name}`, `${contract.text}\n\nLoad copy ${n}-${Math.random()}.\n`);
          return { method: 'POST', path: `/v1/workspaces/${workspaceId}/documents`, headers: { ...auth, 'content-type': contentType }, body };
        },
      },
    ];

    // /healthz is probed by one sequential client twice over: in a thread of this process, and in a
    // process of its own. Probed from this thread, each probe would also wait behind autocannon's 200
    // connections on this event loop, and the figure would be the load generator's lag. The thread
    // still shares this process's scheduling group with the generator; the process does not, as a
    // load balancer on its own would not.
    const prober = new Worker(THREAD_PROBER, { eval: true, workerData: { url: `${url}/healthz`, seconds: SECONDS } });
    const health = new Promise<number[]>((resolve, reject) => {
      prober.once('message', resolve);
      prober.once('error', reject);
    });
    // Reads are probed the same way, from processes of their own: what a user's read waits while
    // the 200 connections run (autocannon's read latencies below also hold its own event loop's lag).
    const probeTargets = [
      { title: 'GET /healthz', path: '/healthz', headers: {} },
      { title: 'GET /v1/workspaces/{id}', path: `/v1/workspaces/${workspaceId}`, headers: auth },
      { title: 'GET /v1/org', path: '/v1/org', headers: auth },
      { title: 'GET .../documents (tree)', path: `/v1/workspaces/${workspaceId}/documents`, headers: auth },
      // The same, timed to the last byte as sent (gzip), not decoded by this client (PROBE_LOOP).
      { title: 'GET .../documents (tree, raw bytes)', path: `/v1/workspaces/${workspaceId}/documents`, headers: auth, raw: true },
      // The tree's first page, as a client that pages it (limit/cursor) reads it: 100 of its 3,000 files.
      { title: 'GET .../documents?limit=100 (tree page)', path: `/v1/workspaces/${workspaceId}/documents?limit=100`, headers: auth },
      { title: 'GET /v1/org (another org)', path: '/v1/org', headers: otherAuth },
      { title: 'GET /v1/workspaces/{id} (another org)', path: `/v1/workspaces/${otherWorkspace.workspace_id}`, headers: otherAuth },
    ];
    const processProbes = probeTargets.map((target) => ({ title: target.title, times: probeInProcess(`${url}${target.path}`, target.headers, 'raw' in target) }));
    const cpuBefore = threadCpu(Number(child.pid));
    const generatorBefore = process.cpuUsage();
    // The prober thread was started above, so it keeps its thread's nice 0 (with autogroup, the
    // generator's group nice below holds it too; the probes in processes of their own are untouched).
    const priority = GENERATOR_NICE !== 0 ? lowerGeneratorPriority(GENERATOR_NICE) : null;
    console.log(`\nload (threads=${mode}): ${CONNECTIONS} connections for ${SECONDS} s, server in its own process, load generator at ${priority?.description ?? 'nice 0'}; load average before ${loadAverage()}`);
    const results = await Promise.all(
      mix.map(async (m) => {
        const result = await autocannon({
          url,
          connections: Math.max(1, Math.round(CONNECTIONS * m.share)),
          duration: SECONDS,
          timeout: 30,
          requests: [{ setupRequest: (req) => ({ ...req, ...m.request() }) }],
        });
        return { m, result };
      }),
    );
    const probes = (await health).sort((a, b) => a - b);
    const probed = await Promise.all(processProbes.map(async (p) => ({ title: p.title, ...(await p.times) })));
    for (const p of probed) {
      p.times.sort((a, b) => a - b);
      p.headerTimes.sort((a, b) => a - b);
    }
    const generator = process.cpuUsage(generatorBefore);
    priority?.restore();

    const loadDuring = loadAverage();
    const kinds = cpuByKind(cpuBefore, threadCpu(Number(child.pid)));
    console.log(`server CPU per thread kind (cores busy over the run): ${kinds.map((k) => `${k.name} ${(k.seconds / SECONDS).toFixed(2)}`).join(', ')}; load generator ${((generator.user + generator.system) / 1e6 / SECONDS).toFixed(2)}`);
    // Time each kind of thread was ready to run but had no core: for the main thread, latency that
    // no change to the server's own code paths removes.
    console.log(`waiting for a core (ms per second of the run): ${[...kinds].sort((a, b) => b.waitSeconds - a.waitSeconds).map((k) => `${k.name} ${((k.waitSeconds / SECONDS) * 1000).toFixed(0)}`).join(', ')}`);
    const rows: string[] = [];
    let fiveXx = 0;
    let shed = 0;
    for (const { m, result } of results) {
      const codes = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
      const count = (code: string) => codes[code]?.count ?? 0;
      const other5xx = Object.entries(codes).filter(([c]) => c.startsWith('5') && c !== '503').reduce((s, [, v]) => s + v.count, 0);
      fiveXx += other5xx;
      shed += count('503');
      rows.push(
        `${m.title.padEnd(30)} ${(result['2xx'] / SECONDS).toFixed(1).padStart(7)} ok/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   503 ${count('503')}   other 5xx ${other5xx}   errors/timeouts ${result.errors + result.timeouts}   codes ${Object.entries(codes).map(([c, v]) => `${c}:${v.count}`).join(' ')}`,
      );
    }
    const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    console.log(`GET /healthz (probe, generator's thread)  ${probes.length} probes   p50 ${at(probes, 0.5).toFixed(1)} ms   p99 ${at(probes, 0.99).toFixed(1)} ms`);
    for (const p of probed) {
      console.log(`${`${p.title} (probe, own process)`.padEnd(42)} ${p.times.length} probes   p50 ${at(p.times, 0.5).toFixed(1)} ms   p99 ${at(p.times, 0.99).toFixed(1)} ms (goal p99 < 50 ms); headers p99 ${at(p.headerTimes, 0.99).toFixed(1)} ms${p.encoded ? `; ${p.encoded} gzipped` : ''}${p.failures ? `   not 200: ${p.failures}` : ''}`);
    }
    for (const row of rows) console.log(row);
    const rssMb = peakRssMb();
    console.log(`503 total ${shed}; 5xx other than 503: ${fiveXx} (goal 0); server peak RSS ${rssMb.toFixed(0)} MB (goal < 1000); load average at the end ${loadDuring}`);
    return { mode, healthP99: at(probed[0]!.times, 0.99), readP99s: probed.slice(1).map((p) => ({ title: p.title, p99: at(p.times, 0.99) })), readProbes: probed.slice(1).map((p) => `${p.title} p99 ${at(p.times, 0.99).toFixed(1)} ms`).join(', '), threadHealthP99: at(probes, 0.99), shed, fiveXx, rssMb, load: loadDuring, rows };
  }
} finally {
  seeding.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

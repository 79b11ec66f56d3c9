/**
 * The production path for benchmarks: the compiled CLI (`node bin/folio.js`, built first), a fresh
 * data folder seeded through the CLI, and `folio serve` in its own process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchDatabase } from './bench-database.js';

export interface ProductionServer {
  url: string;
  key: string;
  workspaceId: number;
  dataDir: string;
  child: ChildProcess;
  /** Peak resident memory of the server process (worker threads included), from /proc. */
  peakRssMb(): number;
  /** Stops the server (SIGTERM), runs `whileStopped`, and starts it again on the same data; `url` and `child` change. */
  restart(whileStopped?: () => void): Promise<void>;
  /** Stops the server; its data folder (and database) are removed unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
}

export function folio(dataDir: string, args: string[], env: Record<string, string> = {}): Record<string, unknown> {
  const result = spawnSync(process.execPath, ['bin/folio.js', '--data', dataDir, '--json', ...args], { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`folio ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** The node flags bin/folio.js's shebang carries (`#!/usr/bin/env -S node FLAGS`): the server is measured as it runs when installed. */
export function entryNodeFlags(): string[] {
  const shebang = readFileSync('bin/folio.js', 'utf8').split('\n')[0] ?? '';
  return shebang.replace(/^#!\S*env -S node\b/, '').trim().split(/\s+/).filter((f) => f.startsWith('--'));
}

/**
 * `folio serve` of the compiled build in its own process, on a free port; resolves with its address
 * once it listens. BENCH_SERVER_NODE_ARGS passes flags to the server's node, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
 */
export async function spawnCompiledServer(
  dataDir: string,
  env: Record<string, string>,
  nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  options: { ownSession?: boolean } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...entryNodeFlags(), ...nodeArgs, 'bin/folio.js', '--data', dataDir, '--json', 'serve', '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    // A session of its own (setsid), as a server started from its own terminal or as a service is:
    // where the kernel groups sessions for scheduling (autogroup), the server's threads then share
    // the CPU with each other, not thread for thread with the load generator's.
    detached: options.ownSession ?? false,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{"address"'));
      if (line) resolve((JSON.parse(line) as { address: string }).address);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

export function buildProduction(): void {
  const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
  const native = spawnSync(process.execPath, ['scripts/build-native.mjs'], { stdio: 'inherit' });
  if (native.status !== 0) throw new Error('building the native ranking function failed');
}

/**
 * A tenant seeded through the CLI and `folio serve` on the data folder; with `database`, on that
 * backend (dropped again by stop()).
 */
export async function startProductionServer(
  env: Record<string, string> = {},
  scopes = 'workspaces:read,documents:read,documents:write,query:run,statutes:read',
  dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-')),
  database?: BenchDatabase,
): Promise<ProductionServer> {
  const db = database?.env ?? {};
  folio(dataDir, ['init'], db);
  const org = folio(dataDir, ['org', 'create', '--name', 'Bench LLP'], db);
  const user = folio(dataDir, ['user', 'create', '--org', String(org.id), '--email', 'bench@bench.test', '--name', 'Bench', '--org-admin'], db);
  const ws = folio(dataDir, ['workspace', 'create', '--org', String(org.id), '--owner', String(user.id), '--name', 'Bench'], db);
  const { key } = folio(dataDir, ['key', 'create', '--org', String(org.id), '--created-by', String(user.id), '--name', 'bench', '--scopes', scopes, '--rate-limit', '1000000000'], db) as { key: string };
  const serverEnv = { FOLIO_LOG_LEVEL: 'warn', FOLIO_MAX_INFLIGHT_REQUESTS: '100000', ...db, ...env };
  const { child, url } = await spawnCompiledServer(dataDir, serverEnv);
  const halt = async (running: ChildProcess) => {
    if (running.exitCode !== null || running.signalCode !== null) return;
    running.kill('SIGTERM');
    await new Promise((resolve) => running.once('exit', resolve));
  };
  const server: ProductionServer = {
    url,
    key,
    workspaceId: Number(ws.workspace_id),
    dataDir,
    child,
    peakRssMb: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    async restart(whileStopped) {
      await halt(server.child);
      whileStopped?.();
      Object.assign(server, await spawnCompiledServer(dataDir, serverEnv));
    },
    async stop(keepData = false) {
      await halt(server.child);
      if (keepData) return;
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, type OpenedStore } from '../../src/db/open.js';
import { existingTestDatabaseUrl, testDatabaseUrl } from './test-database.js';

/**
 * What tests run the CLI with: `node ...CLI_ARGS --data DIR ...`. The compiled build (bin/folio.js,
 * the entry point users run) when it was built after every file under src/ last changed, as right
 * after `npm ci` or `npm run build`; else the source, through tsx, so an edit is never tested
 * against a stale build. Through tsx's loader a CLI process took 0.9 s and 1.3 CPU-seconds here,
 * the build 0.4 s and 0.45, and the SQLite pass of the suite starts about 155 of them.
 * FOLIO_TEST_CLI=source runs the source whatever the build.
 */
export const CLI_ARGS: readonly string[] = process.env.FOLIO_TEST_CLI !== 'source' && buildIsCurrent() ? ['bin/folio.js'] : ['--import', 'tsx', 'src/cli/main.ts'];

/** True when dist/ was compiled after the newest file under src/ (tsc writes every output file on each build). */
function buildIsCurrent(): boolean {
  try {
    return newestFile('src') <= statSync(join('dist', 'cli', 'main.js')).mtimeMs;
  } catch {
    return false;
  }
}

function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The environment of a CLI process on the folder: its test server's PostgreSQL schema, if it has one. */
export function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const url = existingTestDatabaseUrl(dataDir);
  return { ...process.env, ...(url ? { FOLIO_DATABASE_URL: url } : {}), ...extra };
}

/** Runs the CLI (CLI_ARGS) as `folio --data DIR --json ...` and returns its one JSON object. */
export function folioJson(dataDir: string, ...args: string[]): Record<string, unknown> {
  const result = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, '--json', ...args], { encoding: 'utf8', env: cliEnv(dataDir) });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/**
 * `folio serve` (CLI_ARGS) in its own process, on a free port; resolves once it listens. Answering
 * runs on the event loop unless `env` sets FOLIO_QUERY_THREADS: a thread booted from source under
 * tsx costs seconds of CPU, which tests of other things need not pay.
 */
export async function serveProcess(dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...CLI_ARGS, '--data', dataDir, '--json', 'serve', '--port', '0'], {
    env: cliEnv(dataDir, { FOLIO_LOG_LEVEL: 'silent', FOLIO_QUERY_THREADS: '0', ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('\n')) resolve(buffer.split('\n')[0] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url: String((JSON.parse(line) as { address: string }).address) };
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  // Already gone: a killed process has no exit code, only a signal, and 'exit' will not come again.
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
}

/** `folio init`: admin commands refuse a data folder that holds no database, so tests create one first. */
export function folioInit(dataDir: string): void {
  const result = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, 'init'], { encoding: 'utf8', env: cliEnv(dataDir) });
  assert.equal(result.status, 0, result.stderr);
}

/**
 * A CLI test's data folder, initialised on the backend under test: on the PostgreSQL run the
 * folder gets its own schema first (drop it with dropTestDatabase), which cliEnv then names.
 */
export async function initTestFolder(dataDir: string): Promise<void> {
  await testDatabaseUrl(dataDir);
  folioInit(dataDir);
}

/** The store the folder's CLI processes work on (its PostgreSQL schema on that run), for assertions. */
export function openFolderStore(dataDir: string): Promise<OpenedStore> {
  return openStore({ databaseUrl: existingTestDatabaseUrl(dataDir), dataDir });
}

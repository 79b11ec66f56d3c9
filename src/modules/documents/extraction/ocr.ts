import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { ExtractionContext } from './extraction.types.js';

/** The full path of an executable found on PATH now (not at startup: OCR may be installed later), or null. */
export function findExecutable(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Whether both OCR programs (poppler's pdftoppm and tesseract) are installed. */
export function ocrAvailable(): boolean {
  return findExecutable('pdftoppm') !== null && findExecutable('tesseract') !== null;
}

/**
 * Tesseract's environment: one OpenMP thread. Debian's tesseract is built with OpenMP, whose threads
 * spin while they wait; on this 2-core machine with nothing else running, one scanned page of a
 * CUAD contract took 7.1 s (4.1 s user, 4.0 s system) with the default and 1.5 s with one thread,
 * the same text. Pages run in parallel as the extraction processes do, not inside tesseract.
 */
export function tesseractEnv(): NodeJS.ProcessEnv {
  return { ...process.env, OMP_THREAD_LIMIT: '1' };
}

/** Runs a program, reporting its pid for cleanup, killing it at the timeout; resolves with stdout. */
export function run(command: string, args: string[], timeoutMs: number, context: ExtractionContext, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const pid = child.pid;
    if (pid !== undefined) context.track({ kind: 'child', pid, done: false });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => { err = (err + chunk.toString()).slice(-2000); });
    const timer = setTimeout(() => child.kill('SIGKILL'), Math.max(1, timeoutMs));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) context.track({ kind: 'child', pid, done: true });
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${command} ${signal ? `was killed (${signal})` : `exited with ${code}`}: ${err.trim()}`));
    });
  });
}

/**
 * OCRs one PDF page: render it at 200 dpi with pdftoppm, read it with tesseract. The page goes as
 * PPM, uncompressed (11.6 MB for a letter page, deleted after): the same pixels as PNG and the same
 * text from tesseract, without PNG's compression (pdftoppm 0.64 s → 0.11 s a page).
 */
export async function ocrPdfPage(pdfPath: string, page: number, timeoutMs: number, context: ExtractionContext): Promise<string> {
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'folio-ocr-'));
  context.track({ kind: 'tempDir', path: dir, done: false });
  try {
    const prefix = join(dir, 'page');
    const n = String(page);
    await run('pdftoppm', ['-r', '200', '-f', n, '-l', n, '-singlefile', pdfPath, prefix], timeoutMs, context);
    const left = timeoutMs - (Date.now() - started);
    return await run('tesseract', [`${prefix}.ppm`, 'stdout'], left, context, tesseractEnv());
  } finally {
    await rm(dir, { recursive: true, force: true });
    context.track({ kind: 'tempDir', path: dir, done: true });
  }
}

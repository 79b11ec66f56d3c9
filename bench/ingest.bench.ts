/**
 * `npm run bench:ingest`: uploads the CUAD texts, then the CUAD PDFs, through HTTP into a fresh
 * server and times each set from the first upload until every file has left `processing`.
 * Prints MB/s of text, pages/s of PDF and the server's peak RSS (VmHWM, worker threads included).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { buildProduction, startProductionServer } from './support/production-server.js';
import { cpuByKind, threadCpu } from './support/thread-cpu.js';

const UPLOAD_CONCURRENCY = Number(process.env.UPLOADS ?? 4);
const txtDir = sharedDataPath('documents', 'cuad', 'txt');
const pdfDir = sharedDataPath('documents', 'cuad', 'pdf');
if (!txtDir || !pdfDir) {
  console.log(`bench:ingest ${missingDataReason('documents', 'cuad')}`);
  process.exit(0);
}

buildProduction();
const server = await startProductionServer({ FOLIO_UPLOAD_READY_WAIT_MS: '0', FOLIO_INGEST_QUEUE_LIMIT: '100000', FOLIO_INGEST_WORKSPACE_QUEUE_LIMIT: '100000', FOLIO_INGEST_ORG_QUEUE_LIMIT: '100000' });
const { url, key, workspaceId } = server;
const auth = { authorization: `Bearer ${key}` };

/** One `file` part, encoded once: the load generator shares the machine, so it should spend little. */
function multipartBody(fileName: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `folio${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName.replace(/"/g, '%22')}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadAll(dir: string): Promise<number[]> {
  const names = readdirSync(dir).sort();
  const ids: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
      while (next < names.length) {
        const name = names[next++] ?? '';
        const { body, contentType } = multipartBody(name, readFileSync(join(dir, name)));
        const response = await fetch(`${url}/v1/workspaces/${workspaceId}/documents`, { method: 'POST', headers: { ...auth, 'content-type': contentType }, body });
        if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
        ids.push(((await response.json()) as { file_id: number }).file_id);
      }
    }),
  );
  return ids;
}

async function waitAll(ids: number[]): Promise<Array<{ status: string; page_count: number | null; error: string | null }>> {
  const results: Array<{ status: string; page_count: number | null; error: string | null }> = [];
  for (const id of ids) {
    for (;;) {
      const file = (await (await fetch(`${url}/v1/workspaces/${workspaceId}/documents/${id}`, { headers: auth })).json()) as { status: string; page_count: number | null; error: string | null };
      if (file.status !== 'processing') {
        results.push(file);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return results;
}

const bytesOf = (dir: string) => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);

try {
  const serverPid = Number(server.child.pid);
  const cpuBefore = threadCpu(serverPid);
  const generatorBefore = process.cpuUsage();
  let started = performance.now();
  const txtIds = await uploadAll(txtDir);
  // Where the time goes: acknowledging the uploads, or processing them after.
  const txtUploadSeconds = (performance.now() - started) / 1000;
  const txt = await waitAll(txtIds);
  const txtSeconds = (performance.now() - started) / 1000;
  const txtMb = bytesOf(txtDir) / 1e6;
  // Where the CPU goes while the texts are ingested (children: the extraction processes), and how
  // long each kind of thread waited for a core.
  const kinds = cpuByKind(cpuBefore, threadCpu(serverPid));
  const generator = process.cpuUsage(generatorBefore);
  const cpuLine = `text phase CPU seconds: ${kinds.map((k) => `${k.name} ${k.seconds.toFixed(2)} (waited ${k.waitSeconds.toFixed(2)})`).join(', ')}; this load generator ${((generator.user + generator.system) / 1e6).toFixed(2)}`;
  started = performance.now();
  const pdf = await waitAll(await uploadAll(pdfDir));
  const pdfSeconds = (performance.now() - started) / 1000;
  const pages = pdf.reduce((sum, f) => sum + (f.page_count ?? 0), 0);
  const notReady = [...txt, ...pdf].filter((f) => f.status !== 'ready');
  const failed = notReady.length;
  const reasons = new Map<string, number>();
  for (const f of notReady) reasons.set(f.error ?? '?', (reasons.get(f.error ?? '?') ?? 0) + 1);
  console.log(`text: ${txt.length} files, ${txtMb.toFixed(1)} MB in ${txtSeconds.toFixed(1)} s = ${(txtMb / txtSeconds).toFixed(1)} MB/s (goal >= 20); the uploads were acknowledged after ${txtUploadSeconds.toFixed(1)} s`);
  console.log(cpuLine);
  console.log(`pdf:  ${pdf.length} files, ${pages} pages in ${pdfSeconds.toFixed(1)} s = ${(pages / pdfSeconds).toFixed(1)} pages/s (goal >= 60)`);
  for (const [reason, n] of reasons) console.log(`  not ready (${n}): ${reason}`);
  console.log(`not ready: ${failed}; server peak RSS ${server.peakRssMb().toFixed(0)} MB (goal < 500)`);
} finally {
  await server.stop();
}

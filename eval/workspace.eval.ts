/**
 * `npm run eval:workspace [-- --cuad PATH] [--contracts N]`: builds a workspace from the CUAD
 * texts through the production server, asks the generated questions over HTTP and prints cited-file
 * accuracy, answer token-F1 against the gold clause, abstention on clauses the contract lacks, and
 * latency. Everything is measured in this run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { buildProduction, startProductionServer } from '../bench/support/production-server.js';
import { loadCuadQuestions } from './workspace/cuad-questions.js';
import { percentile, tokenF1 } from './workspace/metrics.js';

const { values } = parseArgs({ options: { cuad: { type: 'string' }, contracts: { type: 'string' } } });
const cuadDir = values.cuad ?? sharedDataPath('documents', 'cuad');
if (!cuadDir) {
  console.log(`eval:workspace ${missingDataReason('documents', 'cuad')}`);
  process.exit(0);
}
const limit = values.contracts ? Number(values.contracts) : Infinity;

buildProduction();
const server = await startProductionServer({ FOLIO_UPLOAD_READY_WAIT_MS: '0', FOLIO_INGEST_QUEUE_LIMIT: '100000' });
const auth = { authorization: `Bearer ${server.key}` };
try {
  const txtDir = join(cuadDir, 'txt');
  const names = readdirSync(txtDir).sort().slice(0, limit);
  const fileIds = new Map<string, number>();
  for (const name of names) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(txtDir, name))]), name);
    const response = await fetch(`${server.url}/v1/workspaces/${server.workspaceId}/documents`, { method: 'POST', headers: auth, body: form });
    fileIds.set(name, ((await response.json()) as { file_id: number }).file_id);
  }
  for (const id of fileIds.values()) {
    for (;;) {
      const file = (await (await fetch(`${server.url}/v1/workspaces/${server.workspaceId}/documents/${id}`, { headers: auth })).json()) as { status: string };
      if (file.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const questions = loadCuadQuestions(cuadDir).filter((q) => fileIds.has(q.txtFile));
  const latencies: number[] = [];
  const answerable = { n: 0, first: 0, among: 0, f1: 0, abstained: 0 };
  const lacking = { n: 0, abstained: 0, citedGold: 0 };
  const perCategory = new Map<string, { n: number; first: number }>();
  for (const q of questions) {
    const started = performance.now();
    const response = await fetch(`${server.url}/v1/workspaces/${server.workspaceId}/query`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ question: q.question }),
    });
    const body = (await response.json()) as { answer: string; citations: number[] };
    latencies.push(performance.now() - started);
    const gold = fileIds.get(q.txtFile);
    if (q.gold.length > 0) {
      answerable.n++;
      const first = body.citations[0] === gold;
      if (first) answerable.first++;
      if (gold !== undefined && body.citations.includes(gold)) answerable.among++;
      if (body.citations.length === 0) answerable.abstained++;
      answerable.f1 += tokenF1(body.answer, q.gold.join(' '));
      const c = perCategory.get(q.category) ?? { n: 0, first: 0 };
      perCategory.set(q.category, { n: c.n + 1, first: c.first + (first ? 1 : 0) });
    } else {
      lacking.n++;
      if (body.citations.length === 0) lacking.abstained++;
      if (gold !== undefined && body.citations.includes(gold)) lacking.citedGold++;
    }
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log(`workspace: ${fileIds.size} CUAD contracts; ${questions.length} questions (${answerable.n} answerable, ${lacking.n} on clauses the contract lacks)`);
  console.log(`first citation is the gold contract: ${pct(answerable.first, answerable.n)} (goal >= 90%)`);
  console.log(`gold contract among the citations:   ${pct(answerable.among, answerable.n)}`);
  console.log(`answer token-F1 vs gold clause:      ${(answerable.f1 / Math.max(1, answerable.n)).toFixed(3)}`);
  console.log(`abstained on answerable questions:    ${pct(answerable.abstained, answerable.n)}`);
  console.log(`abstained when the clause is absent:  ${pct(lacking.abstained, lacking.n)} (cited the contract anyway: ${pct(lacking.citedGold, lacking.n)})`);
  console.log(`latency through HTTP: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (goals 50 / 200)`);
  console.log('first-citation accuracy by category:');
  for (const [category, c] of [...perCategory].sort()) console.log(`  ${category.padEnd(36)} ${pct(c.first, c.n).padStart(6)}  (${c.n})`);
} finally {
  await server.stop();
}

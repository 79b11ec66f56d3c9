/**
 * `npm run eval:table [-- --contracts N] [--data DIR] [--dump FILE]`: a review table of the first
 * 100 CUAD contracts × 8 columns, built and run through the HTTP API of a real server (in this
 * process, SQLite in a temp folder, or DIR to reuse its ingested files between runs). Prints
 * per-column accuracy against CUAD's answers on the tuning half, the reporting half and overall;
 * the time from POST /run until all cells are done; and whether every citation is verbatim (its
 * quote equals its page text's [start, end) slice). Everything is measured in this run.
 * `--backends sqlite,postgres` (the default) runs it on each backend and prints the report half's
 * figures side by side. With FOLIO_LLM_BASE_URL and FOLIO_LLM_MODEL set, the configured model answers the cells under the
 * cell guard, as it would in the server; otherwise the built-in extractive engine does. The clause
 * model is the one trained on the tune half only (eval/workspace/held-out-model.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.js';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { buildApiKey, buildTenant } from '../test/support/factories.js';
import { call, waitForCells, type CellsBody } from '../test/support/projects.js';
import { startTestServer } from '../test/support/test-server.js';
import { COLUMNS, loadGold } from './table/cuad-gold.js';
import { heldOutClauseModel } from './workspace/held-out-model.js';
import { scoreCell } from './table/score.js';
import { benchDatabaseBase, benchRedisUrl, chosenBackends, type BenchBackend } from '../bench/support/bench-database.js';
import { formatSideBySide, type BackendFigures } from '../bench/support/side-by-side.js';

const { values } = parseArgs({ options: { contracts: { type: 'string' }, data: { type: 'string' }, dump: { type: 'string' }, backends: { type: 'string' } } });
const cuadPath = sharedDataPath('documents', 'cuad');
if (!cuadPath) {
  console.log(`eval:table ${missingDataReason('documents', 'cuad')}`);
  process.exit(0);
}
const cuadDir: string = cuadPath;
// Cells are tagged and answered with the model trained on the tune half only (held-out-model.ts);
// the extraction children and answering threads inherit the variable.
process.env.FOLIO_CLAUSE_MODEL = heldOutClauseModel();
const gold = loadGold(cuadDir, values.contracts ? Number(values.contracts) : 100);
const llm = loadConfig(process.env).llm;
const runs: BackendFigures[] = [];
for (const backend of await chosenBackends(values.backends)) {
  console.log(`\n#### backend: ${backend}`);
  runs.push({ backend, figures: await evaluate(backend) });
}
for (const line of formatSideBySide('review table (report half: held out)', runs)) console.log(line);

/**
 * One run on the backend: PostgreSQL through the test support's per-folder schema (the run's own,
 * dropped after), SQLite in a temp folder or in --data.
 */
async function evaluate(backend: BenchBackend): Promise<Record<string, number>> {
  delete process.env.FOLIO_TEST_DATABASE_URL;
  delete process.env.FOLIO_TEST_REDIS_URL;
  if (backend === 'postgres') {
    process.env.FOLIO_TEST_DATABASE_URL = benchDatabaseBase();
    const redis = await benchRedisUrl();
    if (redis) process.env.FOLIO_TEST_REDIS_URL = redis;
  }
  // The --data cache of ingested files is SQLite's: PostgreSQL runs on fresh data each time.
  const cached = backend === 'sqlite' ? values.data : undefined;
  const statePath = cached ? join(cached, 'eval-table-state.json') : null;
  const server = await startTestServer({
    config: { uploadReadyWaitMs: 0, ingestQueueLimit: 100_000, maxInflightRequests: 100_000, llm },
    ...(cached ? { dataDir: cached, keepData: true } : {}),
  });
  try {
    interface State { workspaceId: number; key: string; files: Record<string, number> }
    let state: State;
    if (statePath && existsSync(statePath)) state = JSON.parse(readFileSync(statePath, 'utf8')) as State;
    else {
      const tenant = await buildTenant(server.deps);
      const key = (await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read', 'documents:read', 'documents:write', 'query:run', 'projects:write'], rateLimit: 1_000_000_000 })).key;
      state = { workspaceId: tenant.workspace.id, key, files: {} };
    }
    const { key, workspaceId: ws } = state;
    const ingestStart = performance.now();
    for (const g of gold) {
      if (state.files[g.txtFile]) continue;
      const form = new FormData();
      form.append('file', new Blob([readFileSync(join(cuadDir, 'txt', g.txtFile))]), g.txtFile);
      const response = await server.request(`/v1/workspaces/${ws}/documents`, { method: 'POST', key, body: form });
      state.files[g.txtFile] = ((await response.json()) as { file_id: number }).file_id;
    }
    for (const id of Object.values(state.files)) {
      for (;;) {
        const file = (await call(server, key, 'GET', `/v1/workspaces/${ws}/documents/${id}`)).body as { status: string };
        if (file.status !== 'processing') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    if (statePath) writeFileSync(statePath, JSON.stringify(state));
    const ingestSeconds = (performance.now() - ingestStart) / 1000;

    const base = `/v1/workspaces/${ws}/projects`;
    const projectId = ((await call(server, key, 'POST', base, { name: `CUAD review ${new Date().toISOString()}` })).body as { id: number }).id;
    const rowOf = new Map<number, (typeof gold)[number]>();
    for (const g of gold) {
      const row = (await call(server, key, 'POST', `${base}/${projectId}/rows`, { uploaded_file_ids: [state.files[g.txtFile]] })).body as { row_id: number };
      rowOf.set(row.row_id, g);
    }
    const columnOf = new Map<number, (typeof COLUMNS)[number]>();
    for (const c of COLUMNS) {
      const column = (await call(server, key, 'POST', `${base}/${projectId}/columns`, { column_title: c.title, query: c.query, response_structure: c.structure })).body as { column_id: number };
      columnOf.set(column.column_id, c);
    }

    const started = performance.now();
    await call(server, key, 'POST', `${base}/${projectId}/run`);
    const cells: CellsBody = await waitForCells(server, key, ws, projectId, 600_000);
    const runSeconds = (performance.now() - started) / 1000;

    // Every citation: its quote is its page's [start, end) slice.
    const pages = new Map<number, Array<{ page: number; text: string }>>();
    let citations = 0;
    let verbatim = 0;
    let valuesWithoutCitation = 0;
    for (const cell of cells.cells) {
      if (cell.value !== null && cell.citations.length === 0) valuesWithoutCitation++;
      for (const c of cell.citations) {
        if (!pages.has(c.file_id)) pages.set(c.file_id, ((await call(server, key, 'GET', `/v1/workspaces/${ws}/documents/${c.file_id}/text`)).body as { pages: Array<{ page: number; text: string }> }).pages);
        citations++;
        if (pages.get(c.file_id)?.find((p) => p.page === c.page)?.text.slice(c.start, c.end) === c.quote && c.quote.length > 0) verbatim++;
      }
    }

    const tally = new Map<string, { tune: [number, number]; report: [number, number]; unscored: number }>();
    const dump: unknown[] = [];
    for (const cell of cells.cells) {
      const g = rowOf.get(cell.row_id);
      const c = columnOf.get(cell.column_id);
      if (!g || !c) continue;
      const verdict = scoreCell(c.structure, cell.value, g.answers[c.title] ?? '');
      const t = tally.get(c.title) ?? { tune: [0, 0], report: [0, 0], unscored: 0 };
      if (verdict === 'unscored') t.unscored++;
      else {
        t[g.half][1]++;
        if (verdict) t[g.half][0]++;
      }
      tally.set(c.title, t);
      dump.push({ half: g.half, contract: g.contract, column: c.title, gold: g.answers[c.title], value: cell.value, display: cell.display, ok: verdict, status: cell.status, error: cell.error });
    }
    if (values.dump) writeFileSync(values.dump, JSON.stringify(dump, null, 1));

    const pct = ([a, b]: [number, number]) => (b === 0 ? '   -  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);
    const sum = (k: 'tune' | 'report'): [number, number] => [...tally.values()].reduce<[number, number]>((acc, t) => [acc[0] + t[k][0], acc[1] + t[k][1]], [0, 0]);
    const tuneHalf = gold.filter((g) => g.half === 'tune').length;
    console.log(`engine: ${llm ? `model ${llm.model} at ${llm.baseUrl}, extractive fallback` : 'extractive (no model configured)'}`);
    console.log(`eval:table: ${gold.length} CUAD contracts (tune half ${tuneHalf}, report half ${gold.length - tuneHalf}) x ${COLUMNS.length} columns = ${cells.progress.total} cells`);
    console.log(`ingestion of new files: ${ingestSeconds.toFixed(1)} s; run of all cells (POST /run to all done): ${runSeconds.toFixed(1)} s (goal < 60 s)`);
    console.log(`cells done ${cells.progress.done}, failed ${cells.progress.failed}; citations verbatim ${verbatim}/${citations}; non-null values without a citation: ${valuesWithoutCitation}`);
    console.log(`${'column'.padEnd(30)} ${'tune'.padStart(7)} ${'report'.padStart(7)} ${'all'.padStart(7)}  (unscored)`);
    for (const c of COLUMNS) {
      const t = tally.get(c.title) ?? { tune: [0, 0] as [number, number], report: [0, 0] as [number, number], unscored: 0 };
      const all: [number, number] = [t.tune[0] + t.report[0], t.tune[1] + t.report[1]];
      console.log(`${`${c.title} (${c.structure})`.padEnd(30)} ${pct(t.tune)} ${pct(t.report)} ${pct(all)}  (${t.unscored})`);
    }
    const tune = sum('tune');
    const report = sum('report');
    console.log(`${'overall'.padEnd(30)} ${pct(tune)} ${pct(report)} ${pct([tune[0] + report[0], tune[1] + report[1]])}`);
    console.log('goals: yes/no columns >= 80%, governing law >= 85%, dates >= 70%');
    const rate = ([a, b]: [number, number]) => a / Math.max(1, b);
    const figures: Record<string, number> = {};
    for (const c of COLUMNS) figures[c.title] = rate(tally.get(c.title)?.report ?? [0, 0]);
    return { ...figures, 'overall (report half)': rate(report), 'cells run seconds': runSeconds, 'citations verbatim': rate([verbatim, citations]) };
  } finally {
    await server.close();
  }
}

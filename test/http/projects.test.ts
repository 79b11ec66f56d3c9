import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { call, fixtureText, waitForCells, type CellsBody } from '../support/projects.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

const ALL = ['workspaces:read', 'documents:read', 'documents:write', 'query:run', 'projects:write'] as const;
let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant, { scopes: [...ALL], rateLimit: 1_000_000 })).key;
});
after(() => server.close());

async function uploadReady(workspaceId: number, name: string): Promise<number> {
  const { file_id } = (await (await upload(server, workspaceId, key, fixtureText(name), { fileName: name })).json()) as { file_id: number };
  assert.equal((await waitForStatus(server, workspaceId, file_id, key)).status, 'ready');
  return file_id;
}

/** A workspace with the two contract excerpts, a project with a row each and four columns. */
async function buildReview() {
  const ws = await buildWorkspace(server.deps, tenant);
  const wpt = await uploadReady(ws.id, 'wpt-zynga-license.txt');
  const aduro = await uploadReady(ws.id, 'aduro-consulting.txt');
  const base = `/v1/workspaces/${ws.id}/projects`;
  const project = await call(server, key, 'POST', base, { name: 'Deal review', description: 'Licences' });
  assert.equal(project.status, 201);
  const projectId = (project.body as { id: number }).id;
  const rows = [];
  for (const fileId of [wpt, aduro]) {
    const row = await call(server, key, 'POST', `${base}/${projectId}/rows`, { uploaded_file_ids: [fileId] });
    assert.equal(row.status, 201);
    rows.push(row.body as { row_id: number });
  }
  const columns: Record<string, number> = {};
  const specs = [
    ['Governing law', "Which state's law governs the agreement?", 'jurisdiction'],
    ['Expiration', 'When does the term of the agreement expire?', 'date'],
    ['Audit rights', "Does a party have the right to audit the other party's books and records?", 'yes_no'],
    ['Assignment', "Is assignment of the agreement prohibited without the other party's prior written consent?", 'yes_no'],
  ] as const;
  for (const [title, query, structure] of specs) {
    const column = await call(server, key, 'POST', `${base}/${projectId}/columns`, { column_title: title, query, response_structure: structure });
    assert.equal(column.status, 201, JSON.stringify(column.body));
    columns[title] = (column.body as { column_id: number }).column_id;
  }
  return { ws, wpt, aduro, base, projectId, rows: rows.map((r) => r.row_id), columns };
}

const cellOf = (cells: CellsBody, rowId: number, columnId: number | undefined) => {
  const cell = cells.cells.find((c) => c.row_id === rowId && c.column_id === columnId);
  assert.ok(cell, `cell ${rowId}/${columnId}`);
  return cell;
};

describe('review tables', () => {
  test('a new project lists its rows and columns as GET projects shows them, with pending cells until run', async () => {
    const r = await buildReview();
    const listed = (await call(server, key, 'GET', r.base)).body as Array<{ id: number; rows: Array<{ row_id: number; uploaded_file_ids: number[] }>; columns: Array<{ column_id: number; response_structure: string }>; files: number[] }>;
    const project = listed.find((p) => p.id === r.projectId);
    assert.ok(project);
    assert.deepEqual(project.rows.map((x) => x.row_id), r.rows);
    assert.deepEqual(project.rows.map((x) => x.uploaded_file_ids), [[r.wpt], [r.aduro]]);
    assert.deepEqual(project.columns.map((c) => c.column_id), Object.values(r.columns));
    assert.deepEqual(project.columns.map((c) => c.response_structure), ['jurisdiction', 'date', 'yes_no', 'yes_no']);
    assert.deepEqual(project.files, [r.wpt, r.aduro]);

    const cells = (await call(server, key, 'GET', `${r.base}/${r.projectId}/cells`)).body as CellsBody;
    assert.deepEqual(cells.progress, { done: 0, failed: 0, total: 8 });
    assert.ok(cells.cells.every((c) => c.status === 'pending' && c.value === null && c.citations.length === 0));
  });

  test('run fills every cell with typed values whose citations slice the page text exactly', async () => {
    const r = await buildReview();
    const run = await call(server, key, 'POST', `${r.base}/${r.projectId}/run`);
    assert.equal(run.status, 202);
    assert.equal((run.body as { queued: number }).queued, 8);
    const cells = await waitForCells(server, key, r.ws.id, r.projectId);
    assert.deepEqual(cells.progress, { done: 8, failed: 0, total: 8 });

    const [wptRow, aduroRow] = r.rows as [number, number];
    assert.equal(cellOf(cells, wptRow, r.columns['Governing law']).value, 'California');
    assert.equal(cellOf(cells, aduroRow, r.columns['Governing law']).value, 'California');
    // "three (3) years from the Effective Date", the Effective Date being February 1, 2018.
    const computed = cellOf(cells, wptRow, r.columns.Expiration);
    assert.equal(computed.value, '2021-02-01');
    assert.ok(computed.citations.some((c) => c.quote.includes('February 1, 2018')), 'the anchor date is cited too');
    assert.equal(cellOf(cells, aduroRow, r.columns.Expiration).value, '2020-12-31');
    assert.equal(cellOf(cells, wptRow, r.columns['Audit rights']).value, true);
    assert.equal(cellOf(cells, aduroRow, r.columns['Audit rights']).value, false);
    assert.equal(cellOf(cells, wptRow, r.columns.Assignment).value, true);

    const texts = new Map<number, Array<{ page: number; text: string }>>();
    for (const fileId of [r.wpt, r.aduro]) {
      const body = (await call(server, key, 'GET', `/v1/workspaces/${r.ws.id}/documents/${fileId}/text`)).body as { pages: Array<{ page: number; text: string }> };
      texts.set(fileId, body.pages);
    }
    for (const cell of cells.cells) {
      assert.ok(cell.display, 'every done cell has a display');
      // A "no" cites the nearest text only where some text is near; every other value cites its source.
      if (cell.value !== null && cell.value !== false) assert.ok(cell.citations.length >= 1, `cell ${JSON.stringify(cell)} has a citation`);
      for (const c of cell.citations) {
        const page = texts.get(c.file_id)?.find((p) => p.page === c.page);
        assert.ok(page, 'the citation points at a page of a row file');
        assert.equal(page.text.slice(c.start, c.end), c.quote);
      }
    }
  });

  test('PATCH re-runs only the changed column; a title alone and a later row leave finished cells alone', async () => {
    const r = await buildReview();
    await call(server, key, 'POST', `${r.base}/${r.projectId}/run`);
    await waitForCells(server, key, r.ws.id, r.projectId);
    const attempts = async () => new Map((await server.deps.store.cells.list(r.ws.id, r.projectId)).map((c) => [`${c.row_id}:${c.column_id}`, c.attempts]));
    assert.ok([...(await attempts()).values()].every((n) => n === 1));

    const titled = await call(server, key, 'PATCH', `${r.base}/${r.projectId}/columns/${r.columns.Assignment}`, { column_title: 'Anti-assignment' });
    assert.equal(titled.status, 200);
    assert.equal((titled.body as { column_title: string }).column_title, 'Anti-assignment');
    assert.deepEqual((await call(server, key, 'GET', `${r.base}/${r.projectId}/cells`)).body && (await waitForCells(server, key, r.ws.id, r.projectId)).progress.done, 8);

    const changed = await call(server, key, 'PATCH', `${r.base}/${r.projectId}/columns/${r.columns['Governing law']}`, { query: 'Which law governs this agreement?', response_structure: 'text' });
    assert.equal(changed.status, 200);
    const after = await waitForCells(server, key, r.ws.id, r.projectId);
    assert.equal(after.progress.done, 8);
    const counts = await attempts();
    for (const [cellKey, n] of counts) {
      const columnId = Number(cellKey.split(':')[1]);
      assert.equal(n, columnId === r.columns['Governing law'] ? 2 : 1, `attempts of ${cellKey}`);
    }
    assert.match(String(cellOf(after, r.rows[0]!, r.columns['Governing law']).value), /laws of the State of California/);

    const extra = await call(server, key, 'POST', `${r.base}/${r.projectId}/rows`, { uploaded_file_ids: [r.wpt, r.aduro] });
    assert.equal(extra.status, 201);
    const pending = (await call(server, key, 'GET', `${r.base}/${r.projectId}/cells`)).body as CellsBody;
    assert.equal(pending.progress.total, 12);
    assert.equal(pending.cells.filter((c) => c.status === 'pending').length, 4);
    assert.equal(((await call(server, key, 'POST', `${r.base}/${r.projectId}/run`)).body as { queued: number }).queued, 4);
    await waitForCells(server, key, r.ws.id, r.projectId);
    const final = await attempts();
    assert.equal([...final.values()].reduce((a, b) => a + b, 0), 8 + 2 + 4, 'only the new row ran');
  });

  test('DELETE removes a row or column with its cells; export gives CSV and XLSX with citations', async () => {
    const r = await buildReview();
    await call(server, key, 'POST', `${r.base}/${r.projectId}/run`);
    await waitForCells(server, key, r.ws.id, r.projectId);

    const csv = await server.request(`${r.base}/${r.projectId}/export?format=csv`, { key });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    const records = parse(await csv.text()) as string[][];
    assert.deepEqual(records[0], ['File', 'Governing law', 'Expiration', 'Audit rights', 'Assignment']);
    assert.equal(records.length, 3);
    assert.deepEqual(records.map((x) => x[0]), ['File', 'wpt-zynga-license.txt', 'aduro-consulting.txt']);
    assert.equal(records[1]?.[1], 'California');

    const xlsx = await server.request(`${r.base}/${r.projectId}/export?format=xlsx`, { key });
    assert.equal(xlsx.status, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    assert.deepEqual(workbook.worksheets.map((w) => w.name), ['Review', 'Citations']);
    const citations = workbook.getWorksheet('Citations');
    assert.ok(citations && citations.rowCount > 1);
    assert.equal(citations.getRow(1).getCell(5).value, 'Quote');

    assert.equal((await call(server, key, 'DELETE', `${r.base}/${r.projectId}/columns/999999`)).status, 404);
    assert.equal((await call(server, key, 'DELETE', `${r.base}/${r.projectId}/columns/${r.columns['Audit rights']}`)).status, 204);
    assert.equal((await call(server, key, 'DELETE', `${r.base}/${r.projectId}/rows/${r.rows[1]}`)).status, 204);
    const left = (await call(server, key, 'GET', `${r.base}/${r.projectId}/cells`)).body as CellsBody;
    assert.deepEqual(left.progress, { done: 3, failed: 0, total: 3 });
    assert.deepEqual(await call(server, key, 'DELETE', `${r.base}/${r.projectId}/rows/${r.rows[1]}`), { status: 404, body: { detail: 'Row not found' } });
  });

  test('a deleted file leaves every row: a row left empty goes, a row that keeps files runs again without it', async () => {
    const r = await buildReview();
    const both = await call(server, key, 'POST', `${r.base}/${r.projectId}/rows`, { uploaded_file_ids: [r.wpt, r.aduro] });
    const bothRow = (both.body as { row_id: number }).row_id;
    assert.equal((await call(server, key, 'POST', `${r.base}/${r.projectId}/run`)).status, 202);
    const before = await waitForCells(server, key, r.ws.id, r.projectId);
    assert.equal(before.progress.total, 12);
    const attempts = async () => (await server.deps.store.cells.list(r.ws.id, r.projectId)).filter((c) => c.row_id === bothRow).map((c) => c.attempts);
    const attemptsBefore = await attempts();
    assert.equal(attemptsBefore.length, 4);

    assert.equal((await server.request(`/v1/workspaces/${r.ws.id}/documents/${r.aduro}`, { method: 'DELETE', key })).status, 204);
    const projects = (await call(server, key, 'GET', r.base)).body as Array<{ id: number; files: number[]; rows: Array<{ row_id: number; uploaded_file_ids: number[] }> }>;
    const project = projects.find((p) => p.id === r.projectId);
    assert.ok(project);
    assert.deepEqual(project.files, [r.wpt]);
    assert.deepEqual(
      project.rows.map((row) => [row.row_id, row.uploaded_file_ids]),
      [
        [r.rows[0], [r.wpt]],
        [bothRow, [r.wpt]],
      ],
    );
    const after = await waitForCells(server, key, r.ws.id, r.projectId);
    assert.deepEqual(after.progress, { done: 8, failed: 0, total: 8 });
    assert.ok(after.cells.every((c) => c.citations.every((q) => q.file_id === r.wpt)), 'no cell cites the deleted file');
    assert.ok((await attempts()).every((n, i) => n > (attemptsBefore[i] ?? Infinity)), 'the shared row ran again');
    assert.equal(cellOf(after, bothRow, r.columns['Governing law']).value, 'California');
  });

  test('errors: foreign project and file ids 404, missing scopes 403, bad structures 422', async () => {
    const r = await buildReview();
    const other = await buildWorkspace(server.deps, tenant);
    const foreignFile = await uploadReady(other.id, 'aduro-consulting.txt');
    const otherBase = `/v1/workspaces/${other.id}/projects`;
    const notFound = { status: 404, body: { detail: 'Project not found' } };
    const p = r.projectId;
    const c = r.columns.Expiration;
    assert.deepEqual(await call(server, key, 'GET', `${otherBase}/${p}/cells`), notFound);
    assert.deepEqual(await call(server, key, 'POST', `${otherBase}/${p}/run`), notFound);
    assert.deepEqual(await call(server, key, 'POST', `${otherBase}/${p}/rows`, { uploaded_file_ids: [foreignFile] }), notFound);
    assert.deepEqual(await call(server, key, 'POST', `${otherBase}/${p}/columns`, { column_title: 'T', query: 'Q?', response_structure: 'text' }), notFound);
    assert.deepEqual(await call(server, key, 'PATCH', `${otherBase}/${p}/columns/${c}`, { column_title: 'T' }), notFound);
    assert.deepEqual(await call(server, key, 'DELETE', `${otherBase}/${p}/columns/${c}`), notFound);
    assert.deepEqual(await call(server, key, 'DELETE', `${otherBase}/${p}/rows/${r.rows[0]}`), notFound);
    assert.equal((await server.request(`${otherBase}/${p}/export?format=csv`, { key })).status, 404);
    assert.deepEqual(await call(server, key, 'GET', `${r.base}/999999/cells`), notFound);
    assert.deepEqual(await call(server, key, 'POST', `${r.base}/${p}/rows`, { uploaded_file_ids: [foreignFile] }), { status: 404, body: { detail: 'File not found' } });
    assert.deepEqual(await call(server, key, 'PATCH', `${r.base}/${p}/columns/999999`, { column_title: 'T' }), { status: 404, body: { detail: 'Column not found' } });

    const stranger = await buildTenant(server.deps);
    const strangerKey = (await buildApiKey(server.deps, stranger, { scopes: [...ALL] })).key;
    assert.deepEqual(await call(server, strangerKey, 'GET', `${r.base}/${p}/cells`), { status: 403, body: { detail: 'Workspace not accessible' } });

    const readOnly = (await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read'] })).key;
    assert.deepEqual(await call(server, readOnly, 'POST', r.base, { name: 'X' }), { status: 403, body: { detail: 'Missing required scope: projects:write' } });
    assert.deepEqual(await call(server, readOnly, 'POST', `${r.base}/${p}/run`), { status: 403, body: { detail: 'Missing required scope: query:run' } });
    assert.deepEqual(await call(server, readOnly, 'PATCH', `${r.base}/${p}/columns/${c}`, { query: 'x' }), { status: 403, body: { detail: 'Missing required scope: projects:write' } });
    assert.equal((await call(server, readOnly, 'GET', `${r.base}/${p}/cells`)).status, 200);
    const noRead = (await buildApiKey(server.deps, tenant, { scopes: ['projects:write'] })).key;
    assert.deepEqual(await call(server, noRead, 'GET', `${r.base}/${p}/cells`), { status: 403, body: { detail: 'Missing required scope: workspaces:read' } });
    assert.deepEqual(await call(server, noRead, 'GET', `${r.base}/${p}/export`), { status: 403, body: { detail: 'Missing required scope: workspaces:read' } });

    for (const bad of ['boolean', 'enum:only', 'enum:a||b', '']) {
      const response = await call(server, key, 'POST', `${r.base}/${p}/columns`, { column_title: 'T', query: 'Q?', response_structure: bad });
      assert.equal(response.status, 422, bad);
      const detail = (response.body as { detail: Array<{ loc: unknown[] }> }).detail;
      assert.deepEqual(detail[0]?.loc, ['body', 'response_structure'], bad);
    }
    const patched = await call(server, key, 'PATCH', `${r.base}/${p}/columns/${c}`, { response_structure: 'datetime' });
    assert.equal(patched.status, 422);
    assert.deepEqual((patched.body as { detail: Array<{ loc: unknown[] }> }).detail[0]?.loc, ['body', 'response_structure']);
    const missing = await call(server, key, 'POST', `${r.base}/${p}/columns`, { column_title: 'T', query: 'Q?' });
    assert.equal(missing.status, 422);
    assert.deepEqual((missing.body as { detail: Array<{ loc: unknown[]; type: string }> }).detail[0], { type: 'missing', loc: ['body', 'response_structure'], msg: 'Field required', input: { column_title: 'T', query: 'Q?' } });
    assert.equal((await call(server, key, 'POST', r.base, { name: '' })).status, 422);
    assert.equal((await call(server, key, 'POST', `${r.base}/${p}/rows`, { uploaded_file_ids: [] })).status, 422);
    assert.equal((await server.request(`${r.base}/${p}/export?format=pdf`, { key })).status, 422);
    assert.equal((await call(server, key, 'GET', `${r.base}/abc/cells`)).status, 422);
  });
});

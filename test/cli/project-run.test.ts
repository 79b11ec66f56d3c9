import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { addProjectColumn, addProjectRow, createProject } from '../../src/modules/projects/projects.usecases.js';
import { CLI_ARGS, cliEnv, folioJson as folio } from '../support/cli-process.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { fixtureText } from '../support/projects.js';
import { startTestServer } from '../support/test-server.js';
import { dropTestDatabase } from '../support/test-database.js';
import { upload, waitForStatus } from '../support/uploads.js';

// Each CLI run compiles the sources with tsx: slow on a busy machine, so the ceiling is generous.
test('folio project run answers every cell (--json summary, then a bar without it); project export writes CSV and XLSX', { timeout: 400_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-projects-'));
  try {
    // Files reach a workspace through the server; the CLI then works on the same data folder.
    const server = await startTestServer({ dataDir, keepData: true });
    const tenant = await buildTenant(server.deps);
    const key = (await buildApiKey(server.deps, tenant, { scopes: ['documents:read', 'documents:write'] })).key;
    const ws = tenant.workspace.id;
    const project = await createProject(server.deps, tenant.org.id, { workspaceId: ws, name: 'CLI review' });
    for (const name of ['wpt-zynga-license.txt', 'aduro-consulting.txt']) {
      const { file_id } = (await (await upload(server, ws, key, fixtureText(name), { fileName: name })).json()) as { file_id: number };
      await waitForStatus(server, ws, file_id, key);
      await addProjectRow(server.deps, ws, project.id, [file_id]);
    }
    await addProjectColumn(server.deps, ws, project.id, { title: 'Governing law', query: 'Which law governs the agreement?', responseStructure: 'jurisdiction' });
    await server.close();

    const summary = folio(dataDir, 'project', 'run', '--project', String(project.id));
    assert.deepEqual({ done: summary.done, failed: summary.failed, total: summary.total }, { done: 2, failed: 0, total: 2 });

    // A column added later: only its cells run; without --json the bar goes to stderr and a line to stdout.
    folio(dataDir, 'project', 'add-column', '--project', String(project.id), '--title', 'Audit', '--query', "May a party audit the other's books and records?", '--response-structure', 'yes_no');
    const plain = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, 'project', 'run', '--project', String(project.id)], { encoding: 'utf8', env: cliEnv(dataDir) });
    assert.equal(plain.status, 0, plain.stderr);
    assert.match(plain.stdout, /4 cells done, 0 failed of 4/);

    const csvPath = join(dataDir, 'review.csv');
    folio(dataDir, 'project', 'export', '--project', String(project.id), '--format', 'csv', '--out', csvPath);
    const lines = readFileSync(csvPath, 'utf8').trim().split('\r\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[0], 'File,Governing law,Audit');
    // Yes, citing a sentence of the licence's audit clause (the one the clause classifier finds likeliest).
    assert.match(lines[1] ?? '', /^wpt-zynga-license\.txt,California,"Yes: [^\r\n]*\brecords\b/);
    assert.match(lines[2] ?? '', /^aduro-consulting\.txt,California,No/);

    const xlsxPath = join(dataDir, 'review.xlsx');
    folio(dataDir, 'project', 'export', '--project', String(project.id), '--format', 'xlsx', '--out', xlsxPath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxPath);
    assert.deepEqual(workbook.worksheets.map((w) => w.name), ['Review', 'Citations']);
    assert.equal(workbook.getWorksheet('Review')?.getRow(2).getCell(2).value, 'California');
    assert.ok((workbook.getWorksheet('Citations')?.rowCount ?? 0) > 1);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  }
});

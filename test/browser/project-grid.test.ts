import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { givePassword, TEST_PASSWORD } from '../support/app-session.js';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { fixtureText } from '../support/projects.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';
import { browserMissing, ensureWebBuilt, launchBrowser, screenshotBoth, WIDTHS } from './browser-support.js';

// Not in the PostgreSQL pass: the review grid calls the same HTTP API on every backend, and
// projects.test.ts runs that API on PostgreSQL + Redis.

const missing = browserMissing();
if (missing) console.warn(`\n*** ${missing} ***\n`);
const WAIT = { timeout: 60_000 };

describe('a review table in the app, in Chromium', { skip: missing ?? false, timeout: 600_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let tenant: Tenant;
  let page: Page;

  before(async () => {
    ensureWebBuilt();
    server = await startTestServer();
    tenant = await buildTenant(server.deps);
    await givePassword(server.deps, tenant.org.id, tenant.admin.id);
    // Two real contract excerpts (CUAD), uploaded and extracted as a user's files would be.
    const key = (await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read', 'documents:read', 'documents:write'], rateLimit: 1_000_000 })).key;
    for (const name of ['wpt-zynga-license.txt', 'aduro-consulting.txt']) {
      const { file_id } = (await (await upload(server, tenant.workspace.id, key, fixtureText(name), { fileName: name })).json()) as { file_id: number };
      assert.equal((await waitForStatus(server, tenant.workspace.id, file_id, key)).status, 'ready');
    }
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: WIDTHS.desktop, baseURL: server.baseUrl, acceptDownloads: true })).newPage();
    await page.goto('/app/');
    await page.getByLabel('Email').fill(tenant.admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: tenant.workspace.name }).waitFor(WAIT);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('an owner builds a table, runs it, reads a cited answer at its passage, edits a column and exports', async () => {
    await page.goto(`/app/#/workspaces/${tenant.workspace.id}/projects`);
    await page.getByLabel('Project name').fill('Licence review');
    await page.getByLabel('Description').fill('Governing law and audit rights across the deal');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Licence review' }).waitFor(WAIT);

    const columnForm = page.getByRole('form', { name: 'Add column' });
    for (const [title, query, type] of [
      ['Governing law', "Which state's law governs the agreement?", 'jurisdiction'],
      ['Audit rights', "Does a party have the right to audit the other party's books and records?", 'yes_no'],
    ] as const) {
      await columnForm.getByLabel('Column title').fill(title);
      await columnForm.getByLabel('Question').fill(query);
      await columnForm.getByLabel('Answer type').selectOption(type);
      await columnForm.getByRole('button', { name: 'Add column' }).click();
      await page.getByRole('columnheader').filter({ hasText: title }).waitFor(WAIT);
    }
    const rowForm = page.getByRole('form', { name: 'Add rows' });
    await rowForm.getByRole('checkbox', { name: 'wpt-zynga-license.txt' }).check();
    await rowForm.getByRole('checkbox', { name: 'aduro-consulting.txt' }).check();
    await rowForm.getByRole('button', { name: 'Add rows' }).click();
    await page.getByRole('rowheader').filter({ hasText: 'aduro-consulting.txt' }).waitFor(WAIT);
    await rowForm.getByText('Every file of the workspace is in the table.').waitFor(WAIT);

    await page.getByRole('button', { name: 'Run table' }).click();
    await page.getByRole('status').filter({ hasText: '4 of 4 cells done' }).waitFor(WAIT);
    const wpt = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /wpt-zynga-license\.txt/ }) });
    const law = wpt.getByRole('cell').first();
    assert.match((await law.textContent()) ?? '', /^California/);
    await screenshotBoth(page, 'project-grid');

    // The citation opens the file's text with exactly the cited span marked, in view.
    await law.getByRole('link').first().click();
    const mark = page.locator('mark');
    await mark.waitFor(WAIT);
    assert.match((await mark.textContent()) ?? '', /governed by and interpreted in accordance with the laws of the State of California/);
    const box = await mark.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= WIDTHS.desktop.height, 'the passage is scrolled into view');
    await screenshotBoth(page, 'project-citation');
    await page.goBack();

    // Changing a column's type runs that column again: the grid follows it to the new values.
    await page.getByRole('button', { name: 'Edit column Governing law' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit column Governing law' });
    await dialog.getByLabel('Answer type').selectOption('enum');
    await dialog.getByLabel('Options (separated by |)').fill('California | New York | Delaware');
    await dialog.getByRole('button', { name: 'Save column' }).click();
    await page.getByRole('columnheader').filter({ hasText: 'enum:California|New York|Delaware' }).waitFor(WAIT);
    await page.getByRole('status').filter({ hasText: '4 of 4 cells done' }).waitFor(WAIT);
    assert.match((await wpt.getByRole('cell').first().textContent()) ?? '', /^California/);

    // Export: the same grid as CSV, through the app's session.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await (await download).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    assert.match(csv.split(/\r?\n/)[0] ?? '', /^File,Governing law,Audit rights$/);
    assert.match(csv, /wpt-zynga-license\.txt,California,/);

    // Removing a row asks first, and leaves the file in the workspace.
    await page.getByRole('button', { name: 'Remove row aduro-consulting.txt' }).click();
    await page.getByRole('dialog', { name: 'Remove row' }).getByRole('button', { name: 'Remove row' }).click();
    await page.getByRole('status').filter({ hasText: '2 of 2 cells done' }).waitFor(WAIT);
    await rowForm.getByRole('checkbox', { name: 'aduro-consulting.txt' }).waitFor(WAIT);
  });

  test('a project of another workspace, or none, says it is not found', async () => {
    await page.goto(`/app/#/workspaces/${tenant.workspace.id}/projects/999999`);
    await page.getByRole('alert').filter({ hasText: 'Project not found' }).waitFor(WAIT);
  });
});

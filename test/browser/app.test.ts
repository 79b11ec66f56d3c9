import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createProject } from '../../src/modules/projects/projects.usecases.js';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { addMember } from '../../src/modules/workspaces/workspaces.usecases.js';
import { givePassword, TEST_PASSWORD } from '../support/app-session.js';
import { buildTenant, buildUser, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { browserMissing, ensureWebBuilt, launchBrowser, screenshotBoth, WIDTHS } from './browser-support.js';

// Not in the PostgreSQL pass: the app's pages call the same HTTP API on every backend, and the
// HTTP tests run that API on PostgreSQL + Redis.

const missing = browserMissing();
if (missing) console.warn(`\n*** ${missing} ***\n`);

const FIXTURES = join(import.meta.dirname, '..', '..', 'src', 'modules', 'documents', 'extraction', '__fixtures__');
const DC_SECTIONS = join(import.meta.dirname, '..', '..', 'src', 'modules', 'research', 'ask', '__fixtures__', 'dc-sections.json');
const WAIT = { timeout: 60_000 };
/**
 * How long an uploaded file may stay `processing` before the test calls ingestion hung: past the
 * server's own bound on an extraction (FOLIO_EXTRACTION_TIMEOUT_MS, 120 s), after which the file is
 * failed with its reason. The test waits for the state, not for a duration: beside `stress --cpu 2`
 * this upload test took 25-33 s, and within the whole suite beside it the PDF was not shown ready
 * after 60 s (the old wait could not tell a slow file from a failed one).
 */
const INGESTION_WAIT = { timeout: 180_000 };

describe('the app in Chromium', { skip: missing ?? false, timeout: 600_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let tenant: Tenant;
  let viewerEmail: string;
  let admin: BrowserContext;
  let page: Page;
  let createdKey = '';
  const tmp = mkdtempSync(join(tmpdir(), 'folio-browser-'));

  before(async () => {
    ensureWebBuilt();
    server = await startTestServer();
    tenant = await buildTenant(server.deps);
    const viewer = await buildUser(server.deps, tenant.org.id);
    viewerEmail = viewer.email;
    await addMember(server.deps, tenant.org.id, tenant.workspace.id, viewer.id, 'viewer');
    await givePassword(server.deps, tenant.org.id, tenant.admin.id);
    await givePassword(server.deps, tenant.org.id, viewer.id);
    await createProject(server.deps, tenant.org.id, { workspaceId: tenant.workspace.id, name: 'Change-of-control review', description: 'Which contracts need consent on a change of control?' });
    const sections = JSON.parse(readFileSync(DC_SECTIONS, 'utf8')) as Array<{ sectionNumber: string; heading: string; text: string }>;
    writeFileSync(
      join(tmp, 'dc.jsonl'),
      sections.map((s) => JSON.stringify({ jurisdiction: 'DC', code: 'D.C. Code', section: s.sectionNumber, title: s.sectionNumber.split('-')[0], heading: s.heading, text: s.text, effective_from: '2020-01-01' })).join('\n') + '\n',
    );
    await importStatutes({ db: server.opened.store.db, search: server.opened.statuteSearch }, { format: findImportFormat('jsonl')!, path: join(tmp, 'dc.jsonl'), published: '2024-10-20' });
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: WIDTHS.desktop, baseURL: server.baseUrl });
    page = await admin.newPage();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function signIn(p: Page, email: string, password = TEST_PASSWORD): Promise<void> {
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(password);
    await p.getByRole('button', { name: 'Sign in' }).click();
  }

  test('/ redirects to the app, which asks to sign in; a wrong password shows an alert', async () => {
    await page.goto('/');
    assert.match(page.url(), /\/app\/$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    await screenshotBoth(page, 'sign-in');
    await signIn(page, tenant.admin.email, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor(WAIT);
    await screenshotBoth(page, 'sign-in-error');
  });

  test('signing in shows the workspaces as links; the CSP allows only this origin', async () => {
    const response = await page.goto('/app/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    await signIn(page, tenant.admin.email);
    await page.getByRole('link', { name: tenant.workspace.name }).waitFor(WAIT);
    await screenshotBoth(page, 'workspaces');
  });

  test('an owner creates a key in Settings → API keys, sees it once, and it works on /v1/workspaces', async () => {
    await page.getByRole('link', { name: tenant.workspace.name }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel('Name').fill('Litigation support');
    for (const scope of ['workspaces:read', 'documents:read', 'documents:write', 'query:run']) await dialog.getByRole('checkbox', { name: scope, exact: true }).check();
    await screenshotBoth(page, 'create-key-dialog');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const box = dialog.getByRole('textbox', { name: 'New API key' });
    await box.waitFor(WAIT);
    assert.equal(await box.getAttribute('readonly'), '');
    createdKey = await box.inputValue();
    assert.match(createdKey, /^folio_live_[0-9A-Za-z]{40}$/);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor(WAIT);
    await screenshotBoth(page, 'new-key-shown-once');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    assert.equal(await page.getByRole('textbox', { name: 'New API key' }).count(), 0);
    assert.equal(await page.content().then((html) => html.includes(createdKey)), false, 'the key is gone from the page');
    await page.getByRole('row').filter({ hasText: 'Litigation support' }).waitFor(WAIT);
    await page.getByRole('heading', { name: 'Members' }).waitFor(WAIT);
    await screenshotBoth(page, 'settings-api-keys-members');

    const v1 = await fetch(`${server.baseUrl}/v1/workspaces`, { headers: { authorization: `Bearer ${createdKey}` } });
    assert.equal(v1.status, 200);
    assert.deepEqual(((await v1.json()) as Array<{ name: string }>).map((w) => w.name), [tenant.workspace.name]);
  });

  test('uploads a PDF, a DOCX and a text file (picker) and one by drag and drop, and each turns ready', async () => {
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByLabel('Upload files').setInputFiles([join(FIXTURES, 'text.pdf'), join(FIXTURES, 'lease.docx'), join(FIXTURES, 'prose.txt')]);
    // A drop as the browser delivers it (this file is compiled without the DOM library, hence the string).
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.items.add(new File(['Notices under this agreement are given by registered mail to the addresses above.'], 'dropped-notes.txt', { type: 'text/plain' }));
      document.querySelector('.drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    for (const name of ['text.pdf', 'lease.docx', 'prose.txt', 'dropped-notes.txt']) {
      const row = page.getByRole('treeitem').filter({ hasText: name });
      await row.locator('.status:not(.status-processing)').waitFor(INGESTION_WAIT);
      // A failed file names its reason in the row: the message says why, not only that it timed out.
      assert.equal(await row.locator('.status').textContent(), 'ready', `${name}: ${await row.textContent()}`);
    }
    assert.equal(await page.locator('progress').count(), 4);
    // The upload lines say the bytes arrived; they do not keep a "processing" the tree has moved past.
    assert.equal(await page.getByRole('list', { name: 'Uploads' }).getByText('processing').count(), 0);
    await screenshotBoth(page, 'workspace-documents');
  });

  test('asks a question and follows a citation to the highlighted passage', async () => {
    await page.getByRole('textbox', { name: 'Question' }).fill('Where do disputes go to arbitration?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    const citation = answer.getByRole('link').first();
    await citation.waitFor(WAIT);
    assert.match((await answer.textContent()) ?? '', /Richmond/);
    await screenshotBoth(page, 'workspace-answer');
    await citation.click();
    const mark = page.locator('mark');
    await mark.waitFor(WAIT);
    assert.match((await mark.textContent()) ?? '', /arbitration, in Richmond, Virginia/);
    const box = await mark.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= WIDTHS.desktop.height, 'the passage is scrolled into view');
    await page.getByRole('heading', { name: 'prose.txt' }).waitFor(WAIT);
    await screenshotBoth(page, 'file-text-highlight');
  });

  test('the projects list', async () => {
    await page.goto(`/app/#/workspaces/${tenant.workspace.id}/projects`);
    await page.getByRole('heading', { name: 'Change-of-control review' }).waitFor(WAIT);
    await screenshotBoth(page, 'projects');
  });

  test('statute research: an answer as of a date, a citation expanded to the section text as of that date', async () => {
    await page.getByRole('link', { name: 'Statute research' }).click();
    await page.getByLabel('Jurisdiction').selectOption('DC');
    await page.getByLabel('As of').fill('2024-06-01');
    await page.getByRole('textbox', { name: 'Question' }).fill('How long does someone have to bring a libel suit in D.C.?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const result = page.getByRole('region', { name: 'Research result' });
    const first = result.locator('details summary').first();
    await first.waitFor(WAIT);
    assert.match((await result.textContent()) ?? '', /D\.C\. Code § 12-301/);
    await first.click();
    await result.getByRole('heading', { name: /as of 2024-06-01/ }).first().waitFor(WAIT);
    await screenshotBoth(page, 'statute-research');
  });

  test('statute research: check an assertion and compare jurisdictions as of a date', async () => {
    await page.getByLabel('Mode').selectOption('check');
    await page.getByRole('textbox', { name: 'Assertion' }).fill('An action for libel must be brought within one year.');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const result = page.getByRole('region', { name: 'Research result' });
    await result.getByText(/^(SUPPORTED|CONTRADICTED|NO_MATCH)$/).waitFor(WAIT);
    await result.locator('details summary').first().waitFor(WAIT);
    await screenshotBoth(page, 'statute-check');
    await page.getByLabel('Mode').selectOption('compare');
    await page.getByRole('checkbox', { name: 'DC' }).check();
    await page.getByRole('textbox', { name: 'Question' }).fill('How long does someone have to bring a libel suit?');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await result.getByRole('heading', { name: 'DC' }).waitFor(WAIT);
    await screenshotBoth(page, 'statute-compare');
  });

  test('revoking a key asks for confirmation, then the key gets 403', async () => {
    await page.goto(`/app/#/workspaces/${tenant.workspace.id}/settings`);
    const row = page.getByRole('row').filter({ hasText: 'Litigation support' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
    await confirm.waitFor(WAIT);
    await screenshotBoth(page, 'revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('revoked').waitFor(WAIT);
    const refused = await fetch(`${server.baseUrl}/v1/workspaces`, { headers: { authorization: `Bearer ${createdKey}` } });
    assert.equal(refused.status, 403);
  });

  test('a request without the CSRF token, or from another origin, is refused with 403', async () => {
    const path = `/app/api/workspaces/${tenant.workspace.id}/keys`;
    const body = JSON.stringify({ name: 'forged', scopes: ['workspaces:read'] });
    const noToken = await page.evaluate(async ([p, b]) => (await fetch(p!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: b })).status, [path, body]);
    assert.equal(noToken, 403);
    // localhost and 127.0.0.1 are different origins (and sites): a page on one posting to the other.
    const other = await admin.newPage();
    await other.goto(`${server.baseUrl.replace('127.0.0.1', 'localhost')}/app/`);
    const cross = await other.evaluate(
      async ([url, b, token]) => (await fetch(url!, { method: 'POST', credentials: 'include', headers: { 'content-type': 'text/plain', 'x-csrf-token': token! }, body: b })).status,
      [`${server.baseUrl}${path}`, body, (await admin.cookies()).find((c) => c.name === 'folio_csrf')?.value ?? ''],
    ).catch(() => 403); // a CORS failure also means the request was refused
    assert.equal(cross, 403);
    await other.close();
    const keys = (await (await page.request.get(path)).json()) as Array<{ name: string }>;
    assert.ok(!keys.some((k) => k.name === 'forged'));
  });

  test('a viewer sees no key management, and the server refuses them the same request', async () => {
    const context = await browser.newContext({ viewport: WIDTHS.desktop, baseURL: server.baseUrl });
    const viewer = await context.newPage();
    await viewer.goto('/app/');
    await signIn(viewer, viewerEmail);
    await viewer.getByRole('link', { name: tenant.workspace.name }).click();
    await viewer.getByRole('link', { name: 'Settings' }).click();
    await viewer.getByRole('heading', { name: 'Members' }).waitFor(WAIT);
    assert.equal(await viewer.getByRole('heading', { name: 'API keys' }).count(), 0);
    assert.equal(await viewer.getByRole('button', { name: 'Create API key' }).count(), 0);
    await screenshotBoth(viewer, 'settings-viewer');
    const token = (await context.cookies()).find((c) => c.name === 'folio_csrf')?.value ?? '';
    const status = await viewer.evaluate(
      async ([path, csrf]) => (await fetch(path!, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf! }, body: JSON.stringify({ name: 'mine', scopes: ['workspaces:read'] }) })).status,
      [`/app/api/workspaces/${tenant.workspace.id}/keys`, token],
    );
    assert.equal(status, 403);
    await context.close();
  });

  test('a session id planted before sign-in is replaced (no fixation)', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const url = new URL(server.baseUrl);
    await context.addCookies([{ name: 'folio_session', value: 'planted-by-an-attacker', domain: url.hostname, path: '/' }]);
    const p = await context.newPage();
    await p.goto('/app/');
    await signIn(p, tenant.admin.email);
    await p.getByRole('link', { name: tenant.workspace.name }).waitFor(WAIT);
    const session = (await context.cookies()).find((c) => c.name === 'folio_session');
    assert.ok(session && session.value !== 'planted-by-an-attacker');
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    await context.close();
  });

  test('signing out ends the session', async () => {
    await page.goto('/app/');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    assert.equal((await page.request.get('/app/api/session')).status(), 401);
  });
});

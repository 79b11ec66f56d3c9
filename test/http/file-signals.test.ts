import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OPENINGS } from '../../src/modules/query/__fixtures__/cuad-passages.js';
import { createFileSignalsRepository } from '../../src/modules/documents/signals/file-signals.repository.js';
import { OPENING_PASSAGES } from '../../src/modules/documents/signals/describe-file.js';
import { createFileSignalCache } from '../../src/modules/query/retrieval/file-signal-cache.js';
import { FILE_SIGNALS_VERSION, readFileSignals } from '../../src/modules/query/ranking/read-file-signals.js';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// What a file's name and opening say about it (parties, title) is read once at ingestion and
// stored, so a server's first question after a start does not read every file's opening again.
let server: TestServer;
let tenant: Tenant;
let key: string;
const FILE_NAME = 'ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt';

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

const storedRow = (fileId: number) =>
  server.opened.store.db.selectFrom('file_signals').selectAll().where('workspace_id', '=', tenant.workspace.id).where('file_id', '=', fileId).executeTakeFirst();

test('ingestion stores the reading of the file opening, and retrieval uses it instead of reading the opening again', async () => {
  const text = `${OPENINGS.accuray}\n\n12. Governing Law. This Agreement shall be governed by the laws of the State of California.\n`;
  const { file_id: fileId } = (await (await upload(server, tenant.workspace.id, key, text, { fileName: FILE_NAME })).json()) as { file_id: number };
  assert.equal((await waitForStatus(server, tenant.workspace.id, fileId, key)).status, 'ready');

  const row = await storedRow(fileId);
  assert.ok(row, 'a row is stored with the passages');
  assert.equal(row.version, FILE_SIGNALS_VERSION);
  // The same opening the query engine would read: the file's first passages as the index returns them.
  const opening = (await server.documents.passages.openings(tenant.workspace.id, [fileId], OPENING_PASSAGES)).map((p) => p.text).join('\n');
  const signals = readFileSignals(FILE_NAME, opening);
  assert.deepEqual(JSON.parse(row.signals), signals);
  assert.match(signals.title, /Distributor Agreement between Accuray and Siemens/);

  // A cache over the stored rows never reads an opening for this file.
  let openingsRead = 0;
  const passages = { ...server.documents.passages, openings: async (...args: Parameters<typeof server.documents.passages.openings>) => {
    openingsRead += args[1].length;
    return server.documents.passages.openings(...args);
  } };
  const repository = createFileSignalsRepository({ db: server.opened.store.db });
  const files = await server.opened.store.documents.listReadyFiles(tenant.workspace.id);
  assert.deepEqual((await createFileSignalCache(passages, repository).signalsOf(tenant.workspace.id, files)).get(fileId), signals);
  assert.equal(openingsRead, 0);

  // A row written by another version of the reading is not trusted: the opening is read again.
  await server.opened.store.db.updateTable('file_signals').set({ version: FILE_SIGNALS_VERSION + 1 }).where('workspace_id', '=', tenant.workspace.id).where('file_id', '=', fileId).execute();
  assert.deepEqual((await createFileSignalCache(passages, repository).signalsOf(tenant.workspace.id, [...files])).get(fileId), signals);
  assert.equal(openingsRead, 1);

  // The row (now of the other version) is found only through its own workspace.
  const other = await buildTenant(server.deps);
  assert.equal((await repository.load(tenant.workspace.id, [fileId], FILE_SIGNALS_VERSION + 1)).size, 1);
  assert.equal((await repository.load(other.workspace.id, [fileId], FILE_SIGNALS_VERSION + 1)).size, 0);
});

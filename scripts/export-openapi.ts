// Writes the server's OpenAPI document to a file without listening (the app's client is generated
// from it at build time): `tsx scripts/export-openapi.ts web/generated/openapi.json`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openSqliteStore } from '../src/db/open.js';
import { createDocumentServices } from '../src/modules/documents/document-services.js';
import { systemClock } from '../src/shared/clock.js';

const out = process.argv[2] ?? 'web/generated/openapi.json';
const dataDir = mkdtempSync(join(tmpdir(), 'folio-openapi-'));
const silent = { info: () => {}, warn: () => {}, error: () => {} };
try {
  const config = loadConfig({}, { dataDir, logLevel: 'silent', port: 0 });
  const opened = await openSqliteStore(dataDir);
  const core = { store: opened.store, clock: systemClock };
  const documents = createDocumentServices(core, opened.passageBackend, config, silent);
  const app = await buildApp({ config, store: opened.store, clock: systemClock, documents, statuteSearch: opened.statuteSearch });
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(JSON.parse(response.body), null, 2) + '\n');
  await app.close();
  await documents.close();
  await opened.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

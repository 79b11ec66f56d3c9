/**
 * The server under benchmark, in its own process so the load generator does not share its
 * event loop: the real app on a fresh SQLite file, plus one bare route as the baseline.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { openSqliteStore } from '../../src/db/open.js';
import { systemClock } from '../../src/shared/clock.js';
import { createSqliteDocumentServices } from '../../src/modules/documents/document-services.js';
import { buildApiKey, buildTenant, buildWorkspace } from '../../test/support/factories.js';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
const config = loadConfig({}, { dataDir, logLevel: 'silent', maxInflightRequests: 100_000 });
const opened = await openSqliteStore(dataDir);
const deps = { store: opened.store, clock: systemClock };
const tenant = await buildTenant(deps, { description: 'Benchmark workspace' });
for (let i = 1; i < Number(process.env.BENCH_WORKSPACES ?? 5); i++) await buildWorkspace(deps, tenant);
const { key } = await buildApiKey(deps, tenant, { rateLimit: 1_000_000_000, scopes: ['workspaces:read'] });
const documents = createSqliteDocumentServices(deps, opened.sqlite, config, console);
const app = await buildApp({ config, store: opened.store, clock: systemClock, documents, statuteSearch: opened.statuteSearch });
app.get('/__bare', async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.send?.({ url: `http://127.0.0.1:${address.port}`, key });
process.on('SIGINT', () => process.exit(0));
process.on('disconnect', () => void app.close().then(() => process.exit(0)));

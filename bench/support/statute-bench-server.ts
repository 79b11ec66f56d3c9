/**
 * The statute benchmark's server, in its own process so the timing client does not share its
 * event loop: the real app over the data folder the benchmark imported into (argv[2]).
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { openSqliteStore } from '../../src/db/open.js';
import { systemClock } from '../../src/shared/clock.js';
import { createDocumentServices } from '../../src/modules/documents/document-services.js';
import { buildApiKey, buildTenant } from '../../test/support/factories.js';
import { describeFile } from '../../src/modules/query/ranking/read-file-signals.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: statute-bench-server.ts <dataDir>');
const config = loadConfig({}, { dataDir, logLevel: 'silent', maxInflightRequests: 100_000 });
const opened = await openSqliteStore(dataDir);
const deps = { store: opened.store, clock: systemClock };
const tenant = await buildTenant(deps);
const { key } = await buildApiKey(deps, tenant, { rateLimit: 1_000_000_000, scopes: ['statutes:read'] });
const documents = createDocumentServices(deps, opened.passageBackend, config, console, describeFile);
const app = await buildApp({ config, store: opened.store, clock: systemClock, documents, statuteSearch: opened.statuteSearch });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.send?.({ url: `http://127.0.0.1:${address.port}`, key });
process.on('SIGINT', () => process.exit(0));
process.on('disconnect', () => void app.close().then(() => process.exit(0)));

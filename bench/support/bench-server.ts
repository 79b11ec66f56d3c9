/**
 * The server under benchmark, in its own process so the load generator does not share its event
 * loop: the compiled app (dist/, as in production) on a fresh SQLite file (or, with
 * FOLIO_DATABASE_URL and FOLIO_REDIS_URL in its environment, that PostgreSQL schema and Redis), plus
 * one bare route registered on the same instance as the baseline.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFile } from '../../src/modules/query/ranking/read-file-signals.js';

// The compiled modules, typed by their sources.
const dist = <T>(path: string): Promise<T> => import(new URL(`../../dist/${path}`, import.meta.url).href) as Promise<T>;
const { buildApp } = await dist<typeof import('../../src/app.js')>('app.js');
const { loadConfig } = await dist<typeof import('../../src/config/config.js')>('config/config.js');
const { openBackends } = await dist<typeof import('../../src/backends.js')>('backends.js');
const { systemClock } = await dist<typeof import('../../src/shared/clock.js')>('shared/clock.js');
const { createDocumentServices } = await dist<typeof import('../../src/modules/documents/document-services.js')>('modules/documents/document-services.js');
const { createOrg } = await dist<typeof import('../../src/modules/orgs/orgs.usecases.js')>('modules/orgs/orgs.usecases.js');
const { createUser } = await dist<typeof import('../../src/modules/users/users.usecases.js')>('modules/users/users.usecases.js');
const { createWorkspace } = await dist<typeof import('../../src/modules/workspaces/workspaces.usecases.js')>('modules/workspaces/workspaces.usecases.js');
const { createApiKey } = await dist<typeof import('../../src/modules/api-keys/api-keys.usecases.js')>('modules/api-keys/api-keys.usecases.js');

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'folio-bench-'));
const config = loadConfig(process.env, { dataDir, logLevel: 'silent', maxInflightRequests: 100_000 });
const backends = await openBackends(config);
const opened = backends.opened;
const deps = { store: opened.store, clock: systemClock };
const org = await createOrg(deps, { name: 'Bench LLP' });
const user = await createUser(deps, { orgId: org.id, email: 'bench@bench.test', name: 'Bench', isOrgAdmin: true });
for (let i = 0; i < Number(process.env.BENCH_WORKSPACES ?? 5); i++) {
  await createWorkspace(deps, { orgId: org.id, ownerId: user.id, name: `Workspace ${i + 1}`, description: 'Benchmark workspace' });
}
const { key } = await createApiKey(deps, { orgId: org.id, createdBy: user.id, name: 'bench', scopes: ['workspaces:read'], rateLimit: 1_000_000_000 });
const documents = createDocumentServices(deps, opened.passageBackend, config, console, describeFile);
const app = await buildApp({ config, store: opened.store, clock: systemClock, documents, statuteSearch: opened.statuteSearch, rateLimits: backends.rateLimits });
app.get('/__bare', async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.send?.({ url: `http://127.0.0.1:${address.port}`, key });
process.on('SIGINT', () => process.exit(0));
process.on('disconnect', () => void app.close().then(() => backends.close()).then(() => process.exit(0)));

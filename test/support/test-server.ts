import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import type { OpenedStore } from '../../src/db/open.js';
import { openBackends } from '../../src/backends.js';
import { randomUUID } from 'node:crypto';
import { dropTestDatabase, testDatabaseUrl } from './test-database.js';
import type { Clock } from '../../src/shared/clock.js';
import type { CoreDeps } from '../../src/shared/deps.js';
import { createDocumentServices, type DocumentServices } from '../../src/modules/documents/document-services.js';
import type { AnswerEngine } from '../../src/modules/query/answer-engine.js';
import { createQueryServices } from '../../src/modules/query/query-services.js';
import { describeFile } from '../../src/modules/query/ranking/read-file-signals.js';

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A clock tests can move forward. */
export function testClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(date) {
      now = date.getTime();
    },
  };
}

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  deps: CoreDeps;
  opened: OpenedStore;
  config: Config;
  dataDir: string;
  documents: DocumentServices;
  /** fetch against the server, with a bearer key when given. */
  request(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** The real server on a random loopback port, with a real SQLite file in a temporary folder (or PostgreSQL, see test-database.ts). */
export async function startTestServer(
  options: { config?: Partial<Config>; clock?: Clock; extraDeps?: Partial<AppDeps>; engine?: AnswerEngine; dataDir?: string; keepData?: boolean } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'folio-test-'));
  // Answering runs on the event loop unless a test asks for threads: a thread booted from source under tsx costs seconds.
  // FOLIO_TEST_DATABASE_URL runs the same test on PostgreSQL, in the data folder's own schema.
  const databaseUrl = await testDatabaseUrl(dataDir);
  // FOLIO_TEST_REDIS_URL adds Redis (PostgreSQL runs only), under a prefix of this server's own.
  const redisUrl = databaseUrl ? process.env.FOLIO_TEST_REDIS_URL?.trim() || null : null;
  const config = loadConfig({}, { dataDir, logLevel: 'silent', port: 0, queryThreads: 0, databaseUrl, redisUrl, redisPrefix: `folio-test:${randomUUID()}:`, ...options.config });
  const backends = await openBackends(config);
  const opened = backends.opened;
  const clock = options.clock ?? { now: () => new Date() };
  const core = { store: opened.store, clock };
  const documents = createDocumentServices(core, opened.passageBackend, config, silentLog, describeFile);
  const query = options.engine ? createQueryServices(opened.store, documents.passages, config, options.engine) : undefined;
  const app = await buildApp({ config, store: opened.store, clock, documents, statuteSearch: opened.statuteSearch, rateLimits: backends.rateLimits, ...(query ? { query } : {}), ...options.extraDeps });
  await documents.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    app,
    deps: { store: opened.store, clock },
    opened,
    config,
    dataDir,
    documents,
    request(path, init = {}) {
      const { key, headers, ...rest } = init;
      const merged = new Headers(headers);
      if (key !== undefined) merged.set('authorization', `Bearer ${key}`);
      return fetch(baseUrl + path, { ...rest, headers: merged });
    },
    async close() {
      await app.close();
      await documents.close();
      await backends.close();
      if (!options.keepData) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropTestDatabase(dataDir);
      }
    },
  };
}

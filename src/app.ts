import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AnswerWork } from './answering/answer-work.js';
import { withAdmission } from './answering/admission.js';
import { createAnswerWork } from './answering/create-answer-work.js';
import type { Config } from './config/config.js';
import type { Store } from './db/store.js';
import { appApiRoutes, APP_API_PREFIX, collectV1Routes } from './http/app-api.js';
import { registerAuth } from './http/auth.plugin.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { healthRoutes } from './http/health.routes.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { loggerOptions } from './http/logging.js';
import { openApiDocument, registerOpenApi } from './http/openapi.js';
import { createMemoryRateLimitStore, type RateLimitStore } from './http/rate-limit.js';
import { createValidatorCompiler } from './http/validation.js';
import { webAppRoutes } from './http/web-app.js';
import type { DocumentServices } from './modules/documents/document-services.js';
import { documentTreeRoutes } from './modules/documents/document-tree.routes.js';
import { fileRoutes } from './modules/documents/file.routes.js';
import { deletionRoutes } from './modules/documents/deletion/deletion.routes.js';
import { createDeletionRepository } from './modules/documents/deletion/deletion.repository.js';
import { fileTextRoutes } from './modules/documents/text/file-text.routes.js';
import { uploadOpenApiPatch, uploadRoutes } from './modules/documents/upload/upload.routes.js';
import { orgsRoutes } from './modules/orgs/orgs.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { projectRunRoutes } from './modules/projects/project-run.routes.js';
import { createCellEngine, createProjectServices, type ProjectServices } from './modules/projects/project-services.js';
import { projectWriteRoutes } from './modules/projects/project-write.routes.js';
import type { QueryServices } from './modules/query/query-services.js';
import { queryRoutes } from './modules/query/query.routes.js';
import { researchRoutes } from './modules/research/research.routes.js';
import type { StatuteSearchIndex } from './modules/statutes/storage/search-index.js';
import { statutesRoutes } from './modules/statutes/statutes.routes.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import type { Clock } from './shared/clock.js';
import type { CoreDeps } from './shared/deps.js';
import { createWorkPool } from './shared/work-pool.js';

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  rateLimits?: RateLimitStore;
  /** The process's logger; one is made from the config when absent. */
  logger?: FastifyBaseLogger;
  /** Upload, ingestion and the passage index. */
  documents: DocumentServices;
  /** Retrieval and an answer engine of the caller's (a test's): workspace queries then run on the event loop. */
  query?: QueryServices;
  /** Where queries and research run; answering threads (FOLIO_QUERY_THREADS) when absent. Closed with the app. */
  answering?: AnswerWork;
  /** Full-text search over statute versions, for the research operations. */
  statuteSearch: StatuteSearchIndex;
  /** The review-table engine; built from the passage index when absent. */
  projects?: ProjectServices;
}

/** Builds the HTTP application from its parts. It never listens: main (or a test) does. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...loggerOptions(config, deps.logger),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Fastify bounds each plugin and onReady hook by this (10 s by default). The answering threads
    // start in onReady and load the statute titles first; on a 2-core machine under full load
    // (`npm test` beside `stress --cpu 2`) that took over 10 s and the server failed to start.
    // A ceiling for hangs, not a speed limit.
    pluginTimeout: 120_000,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
    requestTimeout: config.requestTimeoutMs,
    // Node checks request timeouts on this interval (30 s by default): a fraction of the timeout keeps 408s near it.
    http: { headersTimeout: Math.min(60_000, config.requestTimeoutMs), connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(config.requestTimeoutMs / 4))) },
  });
  app.setValidatorCompiler(createValidatorCompiler());
  app.addHook('onSend', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });
  registerErrorHandler(app);
  await registerOpenApi(app);

  const core: CoreDeps = { store: deps.store, clock: deps.clock };
  registerLoadShedding(app, config.maxInflightRequests, {
    maxLagMs: config.shedLagMs > 0 ? config.shedLagMs : Infinity,
    readConcurrency: config.readConcurrency,
    maxReadWaitMs: config.readMaxWaitMs,
  });
  registerAuth(app, core, config, deps.rateLimits ?? createMemoryRateLimitStore());
  const v1Routes = collectV1Routes(app);

  await app.register(healthRoutes(core));
  await app.register(orgsRoutes(core));
  await app.register(workspacesRoutes(core));
  await app.register(projectsRoutes(core));
  const projects = deps.projects ?? createProjectServices({ store: deps.store, clock: deps.clock, passages: deps.documents.passages, concurrency: config.queryConcurrency, log: app.log, engine: createCellEngine(config.llm, app.log) });
  // Cells a stopped process left queued or running resume once the server is ready; a close waits for running ones.
  app.addHook('onReady', () => projects.runner.start());
  app.addHook('onClose', () => projects.runner.stop());
  await app.register(projectWriteRoutes(core, projects));
  await app.register(projectRunRoutes(core, projects));
  await app.register(documentTreeRoutes(core));
  await app.register(statutesRoutes(core));
  // Workspace queries and statute research share one admission pool in front of the answering threads.
  const answering =
    deps.answering ??
    createAnswerWork(config, { store: deps.store, passages: deps.documents.passages, statuteSearch: deps.statuteSearch }, app.log.child({ component: 'answering' }), {
      ...(deps.query ? { query: deps.query } : {}),
      clock: deps.clock,
    });
  const answers = withAdmission(answering, createWorkPool(answering.concurrency, config.queryQueueLimit));
  app.addHook('onReady', async () => answering.start?.());
  app.addHook('onClose', () => answering.close());
  await app.register(researchRoutes({ clock: deps.clock }, answers));
  await app.register(fileRoutes(core));
  await app.register(fileTextRoutes(core));
  await app.register(uploadRoutes(core, deps.documents, config));
  await app.register(deletionRoutes({ ...core, deletion: createDeletionRepository({ db: deps.store.db }), passages: deps.documents.passages, blobs: deps.documents.blobs, cellRunner: projects.runner }));
  await app.register(queryRoutes(core, answers));

  await app.register(appApiRoutes(core, config, v1Routes), { prefix: APP_API_PREFIX });
  await app.register(webAppRoutes());

  app.get('/openapi.json', { schema: { hide: true } }, async () => openApiDocument(app, [uploadOpenApiPatch]));
  return app;
}

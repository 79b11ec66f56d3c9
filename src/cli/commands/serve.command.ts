import type { Command } from 'commander';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { openBackends } from '../../backends.js';
import { lockDataDir } from '../../db/data-dir-lock.js';
import { systemClock } from '../../shared/clock.js';
import { invalidInput } from '../../modules/admin.errors.js';
import { dataDirOf, type GlobalOptions } from '../context.js';
import { createDocumentServices } from '../../modules/documents/document-services.js';
import { splitSentences } from '../../text/sentences.js';
import { warmWordNet } from '../../text/wordnet.js';
import { warmResearch, warmResearchOn } from '../../modules/research/warm-up.js';
import { createStatutesRepository } from '../../modules/statutes/storage/statutes.repository.js';
import { createLogger } from '../../http/logging.js';
import { closeWithDeadline } from '../../http/shutdown.js';
import { describeFile } from '../../modules/query/ranking/read-file-signals.js';

type Opts = GlobalOptions & { port?: string; host?: string };

/** `folio serve`: migrates, listens, and on SIGTERM/SIGINT stops taking requests and drains (at most FOLIO_SHUTDOWN_TIMEOUT_MS). */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('start the HTTP server (creating the database if absent); holds the data folder until it stops')
    .option('--port <n>', 'port to listen on (default 8080, or FOLIO_PORT; 0 picks a free one)')
    .option('--host <h>', 'address to listen on (default 127.0.0.1, or FOLIO_HOST)')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const overrides: Record<string, unknown> = { dataDir: dataDirOf(o) };
      if (o.port !== undefined) {
        const port = Number(o.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw invalidInput(`--port must be 0-65535, got "${o.port}"`);
        overrides.port = port;
      }
      if (o.host !== undefined) overrides.host = o.host;
      const config = loadConfig(process.env, overrides);
      // First of all, before any start-up cleanup touches the folder: one server per data folder.
      // On PostgreSQL several servers share the database (and the blob folder), so none is locked.
      const lock = config.databaseUrl ? { release() {} } : lockDataDir(config.dataDir);
      const backends = await openBackends(config);
      const opened = backends.opened;
      const core = { store: opened.store, clock: systemClock };
      const logger = createLogger(config);
      const documents = createDocumentServices(core, opened.passageBackend, config, logger.child({ component: 'ingestion' }), describeFile);
      const app = await buildApp({ config, store: opened.store, clock: systemClock, documents, statuteSearch: opened.statuteSearch, rateLimits: backends.rateLimits, logger });
      for (const note of backends.notes) app.log.warn(note);
      await documents.start();
      // With answering on the event loop (FOLIO_QUERY_THREADS=0), research's first-use costs are
      // paid before listening, as each answering thread pays them before the server listens.
      if (config.queryThreads === 0) {
        warmWordNet();
        warmResearch();
        const research = { statutes: createStatutesRepository({ db: opened.store.db }), search: opened.statuteSearch, clock: systemClock };
        await warmResearchOn(research).catch((error: unknown) => app.log.warn({ err: error }, 'could not warm statute research on the loaded corpus'));
      }
      const address = await app.listen({ port: config.port, host: config.host });
      // Load the sentence model now rather than in the first user's request (~150 ms).
      splitSentences('Warm up.');
      app.log.info({ address, dataDir: config.dataDir }, 'folio listening');
      if (o.json) process.stdout.write(`${JSON.stringify({ address, data_dir: config.dataDir })}\n`);

      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        app.log.info({ signal }, 'shutting down: draining in-flight requests');
        try {
          await closeWithDeadline(app, config.shutdownTimeoutMs);
          await documents.close();
          await backends.close();
          lock.release();
          process.exit(0);
        } catch (error) {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        }
      };
      process.once('SIGTERM', () => void stop('SIGTERM'));
      process.once('SIGINT', () => void stop('SIGINT'));
    });
}

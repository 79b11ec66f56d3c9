import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import { dataDirOf, databaseUrlOf, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';

/** `folio init` and `folio migrate`: with `serve`, the only commands that create a database. */
export function registerDatabaseCommands(program: Command): void {
  program
    .command('init')
    .description('create the data folder and its database, ready for `folio org create` (harmless on one that exists)')
    .action(async (_o, cmd: Command) => migrateCommand(cmd.optsWithGlobals<GlobalOptions>()));
  program
    .command('migrate')
    .description('bring the database to the current schema (creating it if absent); prints the migrations applied')
    .action(async (_o, cmd: Command) => migrateCommand(cmd.optsWithGlobals<GlobalOptions>()));
  program
    .command('migrate-data')
    .description('copy a SQLite data folder into PostgreSQL (resumable; re-running brings the copy up to date)')
    .requiredOption('--from <dir>', 'the data folder holding folio.db')
    .requiredOption('--to <url>', 'postgres://... (its search_path names the schema)')
    .action(async (o: { from: string; to: string }, cmd: Command) => {
      const { migrateDataCommand } = await import('./migrate-data.command.js');
      await migrateDataCommand(o, cmd.optsWithGlobals<GlobalOptions>());
    });
}

/**
 * Creates or upgrades the database FOLIO_DATABASE_URL names, else `<data>/folio.db`. The data
 * folder is created either way: it holds the blobs.
 */
async function migrateCommand(o: GlobalOptions): Promise<void> {
  const dataDir = dataDirOf(o);
  const databaseUrl = databaseUrlOf();
  const created = databaseUrl ? null : !existsSync(join(dataDir, 'folio.db'));
  const [{ openDatabase }, { migrate, migrations }] = await Promise.all([import('../../db/open-database.js'), import('../../db/migrations/migrate.js')]);
  mkdirSync(dataDir, { recursive: true });
  const opened = await openDatabase({ databaseUrl, dataDir }, { migrate: false });
  try {
    const applied = await migrate(opened.db as unknown as Kysely<unknown>, opened.dialect);
    // On PostgreSQL, "created" means the schema was empty: every migration ran now.
    const fresh = created ?? applied[0] === migrations[0]?.name;
    printResult({ data_dir: dataDir, database: databaseUrl ? 'postgres' : 'sqlite', created: fresh, applied }, Boolean(o.json));
  } finally {
    await opened.close();
  }
}

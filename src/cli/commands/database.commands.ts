import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import { dataDirOf, type GlobalOptions } from '../context.js';
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
}

async function migrateCommand(o: GlobalOptions): Promise<void> {
  const dataDir = dataDirOf(o);
  const file = join(dataDir, 'folio.db');
  const created = !existsSync(file);
  const [{ openSqlite }, { migrate }] = await Promise.all([import('../../db/sqlite.js'), import('../../db/migrations/migrate.js')]);
  const { db } = openSqlite(file);
  try {
    const applied = await migrate(db as unknown as Kysely<unknown>, 'sqlite');
    printResult({ data_dir: dataDir, created, applied }, Boolean(o.json));
  } finally {
    await db.destroy();
  }
}

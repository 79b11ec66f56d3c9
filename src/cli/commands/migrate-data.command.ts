import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { AppError } from '../../shared/errors.js';
import { noDatabase, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';

/**
 * `folio migrate-data --from ./data --to postgres://...`: the rows of a SQLite deployment into
 * PostgreSQL. Blobs stay where they are: the PostgreSQL deployment is then started with
 * `--data` naming the same folder (its blobs) and FOLIO_DATABASE_URL the target.
 */
export async function migrateDataCommand(o: { from: string; to: string }, globals: GlobalOptions): Promise<void> {
  const from = resolve(o.from);
  if (!/^postgres(ql)?:\/\//.test(o.to)) throw new AppError(400, 'migrate_data.bad_target', '--to must be a postgres:// URL');
  if (!existsSync(join(from, 'folio.db'))) throw noDatabase(from);
  const [{ tryLockDataDir }, { openStore }, { copySqliteToPostgres }] = await Promise.all([
    import('../../db/data-dir-lock.js'),
    import('../../db/open.js'),
    import('../../db/copy/copy-to-postgres.js'),
  ]);
  // A server still writing to the source would leave rows behind: the copy holds the folder as serve does.
  const lock = tryLockDataDir(from);
  if (!lock) throw new AppError(409, 'migrate_data.source_in_use', `${from} is in use by a running folio serve (or an import): stop it before copying its data`);
  const started = performance.now();
  try {
    const source = await openStore({ databaseUrl: null, dataDir: from });
    try {
      const target = await openStore({ databaseUrl: o.to, dataDir: from });
      try {
        const bar = process.stderr.isTTY && !globals.json
          ? new cliProgress.SingleBar({ format: 'copying |{bar}| {value}/{total} rows ({table})', hideCursor: true, stream: process.stderr, clearOnComplete: true }, cliProgress.Presets.shades_classic)
          : null;
        let barStarted = false;
        const summary = await copySqliteToPostgres(source.sqlite!, { db: target.store.db, statuteSearch: target.statuteSearch }, {
          onProgress(done, total, table) {
            if (done > 0) killPoint(table);
            if (!bar) return;
            if (!barStarted) bar.start(total, done, { table });
            barStarted = true;
            bar.update(done, { table });
          },
        });
        if (barStarted) bar?.stop();
        printResult({ from, rows: summary.rows, tables: summary.tables, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) }, Boolean(globals.json));
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Crash-recovery tests need the copy stopped at a known point: with
 * FOLIO_TEST_MIGRATE_KILL_POINT=<table> it announces itself on stderr once the first batch of that
 * table has committed and blocks there until it is killed. Unset (always, outside tests) it does nothing.
 */
function killPoint(table: string): void {
  if (process.env.FOLIO_TEST_MIGRATE_KILL_POINT !== table) return;
  process.stderr.write(`kill point: ${table}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

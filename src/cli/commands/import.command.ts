import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import { findImportFormat, IMPORT_FORMATS } from '../../modules/statutes/import/formats.js';
import { importStatutes, type ImportProgress, type ImportSummary } from '../../modules/statutes/import/import-statutes.js';
import { statuteImportError } from '../../modules/statutes/statutes.errors.js';
import { withStore, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';
import { registerImportDocumentsCommand } from './import-documents.command.js';

type Opts = GlobalOptions & { jurisdiction?: string; format?: string; published?: string; titles?: string };

/** `folio import statutes`: loads one publication of a statute source into the corpus. */
export function registerImportCommands(program: Command): void {
  const ids = IMPORT_FORMATS.map((f) => f.id).join('|');
  const importCommand = program.command('import').description('load data into the store: statute publications, documents');
  registerImportDocumentsCommand(importCommand);
  importCommand
    .command('statutes')
    .description('import one publication of a statute source (a snapshot of the titles it contains)')
    .argument('<path>', 'the publication: a folder or a file, as the format expects')
    .option('--jurisdiction <XX>', 'two-letter code; must match the format (optional for jsonl)')
    .requiredOption('--format <format>', ids)
    .requiredOption('--published <YYYY-MM-DD>', 'the publication date')
    .option('--titles <list>', 'only these titles, comma-separated (e.g. 2,42)')
    .action(async (path: string, _o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const format = findImportFormat(o.format ?? '');
      if (!format) throw statuteImportError(`--format must be one of ${ids}, got "${o.format ?? ''}"`);
      const titles = o.titles?.split(',').map((t) => t.trim()).filter(Boolean);
      const progress = process.stderr.isTTY && !o.json ? progressBar() : null;
      const onProgress = withKillPoint(progress?.update);
      const batchSize = process.env.FOLIO_IMPORT_BATCH_SIZE ? Number(process.env.FOLIO_IMPORT_BATCH_SIZE) : undefined;
      if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) throw statuteImportError('FOLIO_IMPORT_BATCH_SIZE must be a positive integer');
      let summary: ImportSummary;
      const warnings: string[] = [];
      try {
        summary = await withStore(o, (_deps, opened) =>
          importStatutes(
            { db: opened.store.db, search: opened.statuteSearch },
            {
              format,
              path,
              published: o.published ?? '',
              ...(o.jurisdiction !== undefined ? { jurisdiction: o.jurisdiction } : {}),
              ...(titles ? { titles } : {}),
              ...(onProgress ? { onProgress } : {}),
              ...(batchSize !== undefined ? { batchSize } : {}),
              // Printed as they come (stderr, so --json keeps one object on stdout); the summary counts them.
              onWarning: (message: string) => warnings.push(message),
            },
          ),
        );
      } finally {
        progress?.stop();
        // After the bar is gone, so that warnings do not tear it; with --json each is one JSON line.
        for (const message of warnings) process.stderr.write(o.json ? `${JSON.stringify({ warning: message })}\n` : `warning: ${message}\n`);
      }
      for (const failed of summary.failed_files) process.stderr.write(`folio: warning: skipped ${failed.file}: ${failed.reason}\n`);
      if (o.json) printResult(summary, true);
      else process.stdout.write(`${oneLine(summary)}\n`);
    });
}

/**
 * Crash-recovery tests need the import stopped at a known point: with
 * FOLIO_TEST_IMPORT_KILL_POINT=versions it announces itself on stderr after the first batch of the
 * versions phase and blocks there until it is killed. Unset (always, outside tests) it does nothing.
 */
function withKillPoint(update: ((p: ImportProgress) => void) | undefined): ((p: ImportProgress) => void) | undefined {
  if (process.env.FOLIO_TEST_IMPORT_KILL_POINT !== 'versions') return update;
  return (p) => {
    update?.(p);
    if (p.phase !== 'versions') return;
    process.stderr.write('kill point: versions\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  };
}

/** The summary an operator reads at a glance. */
function oneLine(s: ImportSummary): string {
  return (
    `imported ${s.codes.join(', ')} ${s.published}: ${s.sections_seen} sections in ${s.titles.length} titles, ` +
    `${s.versions_new} new versions, ${s.versions_updated} updated, ${s.sections_unchanged} sections unchanged, ` +
    `${s.repealed_by_absence} repealed by absence, ${s.warnings} warnings, ` +
    (s.failed_files.length > 0 ? `${s.failed_files.length} files skipped, ` : '') +
    `${(s.elapsed_ms / 1000).toFixed(1)} s (${s.sections_per_second} sections/s)`
  );
}

function progressBar() {
  const bar = new cliProgress.SingleBar(
    { format: '{phase} |{bar}| {value}/{total} sections', hideCursor: true, stream: process.stderr, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(p: ImportProgress) {
      // Parsing streams: its total is unknown until the end, so the bar just counts.
      const total = p.total ?? p.done;
      const phase = p.phase === 'parse' ? 'parsing ' : 'versions';
      if (!started) {
        bar.start(total, p.done, { phase });
        started = true;
      }
      bar.setTotal(total);
      bar.update(p.done, { phase });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

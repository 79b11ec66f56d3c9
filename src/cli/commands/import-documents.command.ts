import type { Command } from 'commander';
import { dataDirOf, withStore, type GlobalOptions } from '../context.js';
import { formatBytes, printResult } from '../output.js';
import { orgOfWorkspace, parseId } from './parse.js';

type Opts = GlobalOptions & { workspace?: string; parentDirectory?: string; wait?: boolean };

/** `folio import documents`: bulk import of files and folders into a workspace's document tree. */
export function registerImportDocumentsCommand(importCommand: Command): void {
  importCommand
    .command('documents')
    .description(
      'import files and folders into a workspace: folders become directories (like cp -r, reusing existing ones), ' +
        'every file is stored and processed as an HTTP upload is; a rerun skips what is there. Exits 1 if any file failed',
    )
    .argument('<path...>', 'files and folders to import')
    .requiredOption('--workspace <id>', 'the workspace to import into (required)')
    .option('--parent-directory <id>', 'put everything under this directory (default: the root)')
    .option('--no-wait', 'return once every file is queued, without waiting until each is processed')
    .action(async (paths: string[], _o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(o.workspace ?? '', 'workspace id');
      const parentDirectoryId = o.parentDirectory !== undefined ? parseId(o.parentDirectory, 'parent directory id') : null;
      const json = Boolean(o.json);
      const { runImport } = await import('./import-documents.run.js');
      const summary = await withStore(o, async (deps, opened) =>
        runImport(deps, opened, {
          dataDir: dataDirOf(o),
          orgId: await orgOfWorkspace(deps, workspaceId),
          request: { workspaceId, parentDirectoryId, paths, wait: o.wait !== false },
          showProgress: process.stderr.isTTY && !json,
        }),
      );
      if (json) printResult(summary, true);
      else {
        for (const f of summary.failed) process.stdout.write(`failed: ${f.path}: ${f.reason}\n`);
        process.stdout.write(
          `${summary.files} files (${formatBytes(summary.bytes)}): ${summary.imported} imported, ${summary.skipped} already there, ` +
            `${summary.failed.length} failed${summary.pending > 0 ? `, ${summary.pending} still processing` : ''}\n`,
        );
      }
      if (summary.failed.length > 0) process.exitCode = 1;
    });
}

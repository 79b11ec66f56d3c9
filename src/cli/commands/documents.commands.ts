import { rm } from 'node:fs/promises';
import type { Command } from 'commander';
import { loadConfig } from '../../config/config.js';
import type { OpenedStore } from '../../db/open.js';
import type { CoreDeps } from '../../shared/deps.js';
import { dataDirOf, withStore, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';
import { orgOfWorkspace, parseId } from './parse.js';

type Opts = GlobalOptions & { workspace?: string; recursive?: boolean };

/** `folio document delete` (the `document` group). */
export function registerDocumentCommands(program: Command): void {
  program
    .command('document')
    .description('documents of a workspace')
    .command('delete')
    .description('delete a file: from the tree, the search index, its page texts and pending jobs, and its blob once unused')
    .argument('<file-id>', 'the file id (as listed by GET /v1/workspaces/{id}/documents)')
    .requiredOption('--workspace <id>', 'workspace id')
    .action(async (id: string, _o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(o.workspace ?? '', 'workspace id');
      const fileId = parseId(id, 'file id');
      await withDeletion(o, workspaceId, async (deps, { deleteFile }) => deleteFile(deps, workspaceId, fileId));
      printResult({ workspace_id: workspaceId, file_id: fileId, deleted: true }, Boolean(o.json));
    });
}

/** `folio directory delete`, registered in the `directory` group beside `create`. */
export function registerDirectoryDeleteCommand(directory: Command): void {
  directory
    .command('delete')
    .description('delete an empty directory, or with --recursive everything below it')
    .argument('<directory-id>', 'the directory id')
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--recursive', 'also delete every directory and file below it')
    .action(async (id: string, _o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(o.workspace ?? '', 'workspace id');
      const directoryId = parseId(id, 'directory id');
      const removed = await withDeletion(o, workspaceId, (deps, { deleteDirectory }) => deleteDirectory(deps, workspaceId, directoryId, Boolean(o.recursive)));
      printResult({ workspace_id: workspaceId, directory_id: directoryId, deleted: true, ...removed }, Boolean(o.json));
    });
}

type DeletionModule = typeof import('../../modules/documents/deletion/deletion.usecases.js');
type DeletionDeps = import('../../modules/documents/deletion/deletion.usecases.js').DeletionDeps;

/** The deletion use cases over this process's own connection and blob store (its own spool). */
async function withDeletion<T>(o: Opts, workspaceId: number, run: (deps: DeletionDeps, usecases: DeletionModule) => Promise<T>): Promise<T> {
  const [usecases, { createDeletionRepository }, { createPassageIndex }, { openBlobStore }] = await Promise.all([
    import('../../modules/documents/deletion/deletion.usecases.js'),
    import('../../modules/documents/deletion/deletion.repository.js'),
    import('../../modules/documents/document-services.js'),
    import('../../modules/documents/blobs/open-blob-store.js'),
  ]);
  return withStore(o, async (core: CoreDeps, opened: OpenedStore) => {
    await orgOfWorkspace(core, workspaceId);
    // FOLIO_BLOB_URL as the server reads it: a bucket's blobs are deleted from the bucket.
    const blobs = openBlobStore({ dataDir: dataDirOf(o), blobUrl: loadConfig(process.env).blobUrl }, { spool: `tmp-cli-${process.pid}` });
    try {
      return await run({ ...core, deletion: createDeletionRepository({ db: core.store.db }), passages: createPassageIndex(core, opened.passageBackend), blobs }, usecases);
    } finally {
      await rm(blobs.tempDir(), { recursive: true, force: true });
    }
  });
}

import type { CoreDeps } from '../../../shared/deps.js';
import type { ImportRepository } from './import.repository.js';

/**
 * Finds or creates the directories of a folder path below the import's parent, reusing a
 * directory of the same name where one exists (so a rerun, or importing into a folder made by
 * hand, adds to it rather than making a twin). Each chain is resolved once per run.
 */
export function createDirectoryChains(deps: CoreDeps<'documents'> & { imports: ImportRepository }, workspaceId: number, rootId: number | null) {
  const known = new Map<string, Promise<number | null>>();

  function ensure(dirs: string[]): Promise<number | null> {
    if (dirs.length === 0) return Promise.resolve(rootId);
    const key = JSON.stringify(dirs);
    let found = known.get(key);
    if (!found) {
      found = ensure(dirs.slice(0, -1)).then((parentId) => findOrCreate(parentId, dirs[dirs.length - 1] ?? ''));
      known.set(key, found);
    }
    return found;
  }

  async function findOrCreate(parentId: number | null, name: string): Promise<number> {
    const existing = await deps.imports.findDirectory(workspaceId, parentId, name);
    if (existing !== undefined) return existing;
    const created = await deps.store.documents.createDirectory({
      workspace_id: workspaceId,
      name,
      parent_directory_id: parentId,
      created_at: deps.clock.now().toISOString(),
    });
    return created.id;
  }

  return { ensure };
}

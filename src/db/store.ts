import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { createAdminLookups } from './admin-lookups.js';
import { createReadCache, type ChangeToken } from './read-cache.js';
import { readSearchStamp } from './fts/search-stamps.js';
import { createOrgsRepository } from '../modules/orgs/orgs.repository.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createWorkspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import { createProjectsRepository } from '../modules/projects/projects.repository.js';
import { createDocumentsRepository } from '../modules/documents/documents.repository.js';
import type { TreeSnapshot } from '../modules/documents/tree-snapshot.js';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository.js';
import { createFileTextRepository } from '../modules/documents/text/file-text.repository.js';
import { createCellsRepository } from '../modules/projects/engine/cells.repository.js';

/** The metadata store: every repository over one Kysely connection (SQLite now, PostgreSQL later). */
export function createStore(db: Kysely<Database>, options: { changeToken?: ChangeToken; stampedFiles?: boolean } = {}) {
  const workspaces = createWorkspacesRepository({ db });
  const apiKeys = createApiKeysRepository({ db });
  const documents = createDocumentsRepository({ db });
  const { listReadyFiles } = documents;
  if (options.changeToken) {
    // The per-request authentication reads, cached between writes (see read-cache.ts).
    const cache = createReadCache(options.changeToken);
    const { findByHash } = apiKeys;
    const { listVisibleTo, getById, getRole } = workspaces;
    apiKeys.findByHash = (hash) => cache.read(`key:${hash}`, () => findByHash(hash));
    workspaces.listVisibleTo = (orgId, userId) => cache.read(`visible:${orgId}:${userId}`, () => listVisibleTo(orgId, userId));
    workspaces.getById = (orgId, id) => cache.read(`ws:${orgId}:${id}`, () => getById(orgId, id));
    workspaces.getRole = (orgId, id, userId) => cache.read(`role:${orgId}:${id}:${userId}`, () => getRole(orgId, id, userId));
    // Every workspace question lists the room's ready files (20,000 rows in a data room): between
    // writes the same array is returned, so what is derived from it can be kept by its identity.
    documents.listReadyFiles = (workspaceId) => cache.read(`ready:${workspaceId}`, () => listReadyFiles(workspaceId));
    // The whole document tree (no cursor, no limit) is what the app and most clients read, and
    // listing thousands of rows was the largest share of the event loop's time under load. It is
    // kept across commits that leave the workspace's tree as it was (a passage batch, a status):
    // under ingestion those come many times a second. A tree that only gained files is extended
    // by reading them (tree-snapshot.ts).
    const { readWholeTree, treeStamp } = documents;
    // One read of the stamp per change of the token, for every tree request that finds it changed.
    const stampOf = (workspaceId: number) => cache.read(`tree-stamp:${workspaceId}`, () => treeStamp(workspaceId));
    documents.readWholeTree = (workspaceId) =>
      cache.readStamped(`tree:${workspaceId}`, () => stampOf(workspaceId), (previous: TreeSnapshot | undefined) => readWholeTree(workspaceId, previous));
  }
  if (options.stampedFiles) {
    // PostgreSQL stamps each workspace's files (search-stamps.migration.ts): the list is kept until
    // the stamp moves, across other commits and other processes' writes, and each question pays
    // one indexed lookup for it. The answering threads have no change token: without the stamp they
    // would list the room at every question, and rebuild what answering keeps by the list's
    // identity (every file's signals, the index of the names they hold: file-signal-cache.ts,
    // file-signals.ts).
    const cache = createReadCache(options.changeToken ?? neverRepeats());
    documents.listReadyFiles = (workspaceId) =>
      cache.readStamped(`ready:${workspaceId}`, () => readSearchStamp(db, 'files', String(workspaceId)), () => listReadyFiles(workspaceId));
  }
  return {
    db,
    orgs: createOrgsRepository({ db }),
    users: createUsersRepository({ db }),
    workspaces,
    projects: createProjectsRepository({ db }),
    cells: createCellsRepository({ db }),
    documents,
    fileText: createFileTextRepository({ db }),
    apiKeys,
    admin: createAdminLookups({ db }),
    /** True when the database answers; the health check. */
    async ping(): Promise<boolean> {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/** A change token that never repeats: a stamped read then checks its stamp every time. */
function neverRepeats(): ChangeToken {
  let reads = 0;
  return () => String(++reads);
}

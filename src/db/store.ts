import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { createAdminLookups } from './admin-lookups.js';
import { createOrgsRepository } from '../modules/orgs/orgs.repository.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createWorkspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import { createProjectsRepository } from '../modules/projects/projects.repository.js';
import { createDocumentsRepository } from '../modules/documents/documents.repository.js';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository.js';

/** The metadata store: every repository over one Kysely connection (SQLite now, PostgreSQL later). */
export function createStore(db: Kysely<Database>) {
  return {
    db,
    orgs: createOrgsRepository({ db }),
    users: createUsersRepository({ db }),
    workspaces: createWorkspacesRepository({ db }),
    projects: createProjectsRepository({ db }),
    documents: createDocumentsRepository({ db }),
    apiKeys: createApiKeysRepository({ db }),
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

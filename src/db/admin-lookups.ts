import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Operator-only lookups that find which org an id belongs to, for the admin CLI, whose commands
 * name a workspace or key by id alone. The HTTP API never calls these: it always knows the org
 * from the key and filters on it.
 */
export function createAdminLookups({ db }: { db: Kysely<Database> }) {
  return {
    async orgOfWorkspace(workspaceId: number): Promise<string | undefined> {
      const row = await db.selectFrom('workspaces').select('org_id').where('id', '=', workspaceId).executeTakeFirst();
      return row?.org_id;
    },
    async orgOfUser(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('org_id').where('id', '=', userId).executeTakeFirst();
      return row?.org_id;
    },
    async orgOfProject(projectId: number): Promise<{ orgId: string; workspaceId: number } | undefined> {
      const row = await db
        .selectFrom('projects')
        .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
        .select(['workspaces.org_id', 'projects.workspace_id'])
        .where('projects.id', '=', projectId)
        .executeTakeFirst();
      return row ? { orgId: row.org_id, workspaceId: row.workspace_id } : undefined;
    },
    async orgOfApiKey(keyId: string): Promise<string | undefined> {
      const row = await db.selectFrom('api_keys').select('org_id').where('id', '=', keyId).executeTakeFirst();
      return row?.org_id;
    },
  };
}

export type AdminLookups = ReturnType<typeof createAdminLookups>;

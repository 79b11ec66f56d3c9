import type { Kysely } from 'kysely';
import type { Database, OrgRow, UserRow, WorkspaceRow } from '../../db/schema.js';

/**
 * The operator's listings (`folio ... list`). Listing orgs is the one read across tenants, as
 * only the operator of the whole installation can run it; every other listing filters on its org
 * or workspace.
 */
export function createOperatorListsRepository({ db }: { db: Kysely<Database> }) {
  return {
    async orgs(): Promise<OrgRow[]> {
      return db.selectFrom('orgs').selectAll().orderBy('created_at').orderBy('id').execute();
    },
    async users(orgId: string): Promise<UserRow[]> {
      return db.selectFrom('users').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
    },
    async workspaces(orgId: string): Promise<WorkspaceRow[]> {
      return db.selectFrom('workspaces').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
    },
    async members(workspaceId: number): Promise<Array<{ user_id: string; email: string; name: string; role: string }>> {
      return db
        .selectFrom('workspace_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'u.email', 'u.name', 'm.role'])
        .where('m.workspace_id', '=', workspaceId)
        .orderBy('m.created_at')
        .orderBy('m.user_id')
        .execute();
    },
  };
}

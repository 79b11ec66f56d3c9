import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: string;
  created_at: string;
}

/** The member list of a workspace; filtered on the org through the workspace. */
export function createWorkspaceAdminRepository({ db }: { db: Kysely<Database> }) {
  return {
    async listMembers(orgId: string, workspaceId: number): Promise<MemberRow[]> {
      return db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .innerJoin('users', 'users.id', 'workspace_members.user_id')
        .select(['workspace_members.user_id', 'users.email', 'users.name', 'workspace_members.role', 'workspace_members.created_at'])
        .where('workspaces.org_id', '=', orgId)
        .where('users.org_id', '=', orgId)
        .where('workspace_members.workspace_id', '=', workspaceId)
        .orderBy('users.email')
        .execute();
    },
  };
}

export type WorkspaceAdminRepository = ReturnType<typeof createWorkspaceAdminRepository>;

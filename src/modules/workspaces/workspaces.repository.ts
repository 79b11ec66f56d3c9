import type { Kysely, Updateable } from 'kysely';
import type { Database, WorkspaceRow, WorkspaceTable } from '../../db/schema.js';
import type { WorkspaceRole } from './workspaces.models.js';

export type NewWorkspace = Omit<WorkspaceRow, 'id'>;

/** Workspaces and their memberships. Every method takes the org id and filters on it. */
export function createWorkspacesRepository({ db }: { db: Kysely<Database> }) {
  return {
    async create(workspace: NewWorkspace): Promise<WorkspaceRow> {
      const { id } = await db.insertInto('workspaces').values(workspace).returning('id').executeTakeFirstOrThrow();
      return { ...workspace, id };
    },

    async update(orgId: string, workspaceId: number, patch: Updateable<WorkspaceTable>): Promise<void> {
      await db.updateTable('workspaces').set(patch).where('org_id', '=', orgId).where('id', '=', workspaceId).execute();
    },

    async getById(orgId: string, workspaceId: number): Promise<WorkspaceRow | undefined> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', '=', workspaceId)
        .executeTakeFirst();
    },

    /** The workspaces of the org that the user is a member of, or that are public within the org. */
    async listVisibleTo(orgId: string, userId: string): Promise<WorkspaceRow[]> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('org_id', '=', orgId)
        .where((eb) =>
          eb.or([
            eb('is_public', '=', 1),
            eb.exists(
              eb
                .selectFrom('workspace_members')
                .select('workspace_members.user_id')
                .whereRef('workspace_members.workspace_id', '=', 'workspaces.id')
                .where('workspace_members.user_id', '=', userId),
            ),
          ]),
        )
        .orderBy('id')
        .execute();
    },

    async getRole(orgId: string, workspaceId: number, userId: string): Promise<WorkspaceRole | undefined> {
      const row = await db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select('workspace_members.role')
        .where('workspaces.org_id', '=', orgId)
        .where('workspace_members.workspace_id', '=', workspaceId)
        .where('workspace_members.user_id', '=', userId)
        .executeTakeFirst();
      return row?.role as WorkspaceRole | undefined;
    },

    async setMember(orgId: string, workspaceId: number, userId: string, role: WorkspaceRole, now: string): Promise<void> {
      const workspace = await this.getById(orgId, workspaceId);
      if (!workspace) throw new Error(`workspace ${workspaceId} is not in org ${orgId}`);
      await db
        .insertInto('workspace_members')
        .values({ workspace_id: workspaceId, user_id: userId, role, created_at: now })
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet({ role }))
        .execute();
    },

    async removeMember(orgId: string, workspaceId: number, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .where('workspace_id', 'in', (eb) => eb.selectFrom('workspaces').select('id').where('org_id', '=', orgId))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;

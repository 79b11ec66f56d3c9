import type { Kysely } from 'kysely';
import type { Database, ProjectColumnRow, ProjectRow, ProjectRowRow } from '../../db/schema.js';

export interface ProjectWithParts {
  project: ProjectRow;
  rows: ProjectRowRow[];
  columns: ProjectColumnRow[];
}

/** Projects (tabular reviews) with their rows and columns. Every method filters on the workspace. */
export function createProjectsRepository({ db }: { db: Kysely<Database> }) {
  return {
    async create(project: Omit<ProjectRow, 'id'>): Promise<ProjectRow> {
      const { id } = await db.insertInto('projects').values(project).returning('id').executeTakeFirstOrThrow();
      return { ...project, id };
    },

    async getById(workspaceId: number, projectId: number): Promise<ProjectRow | undefined> {
      return db
        .selectFrom('projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', projectId)
        .executeTakeFirst();
    },

    async addRow(row: Omit<ProjectRowRow, 'id'>): Promise<ProjectRowRow> {
      const { id } = await db.insertInto('project_rows').values(row).returning('id').executeTakeFirstOrThrow();
      return { ...row, id };
    },

    async addColumn(column: Omit<ProjectColumnRow, 'id'>): Promise<ProjectColumnRow> {
      const { id } = await db.insertInto('project_columns').values(column).returning('id').executeTakeFirstOrThrow();
      return { ...column, id };
    },

    async nextOrder(table: 'project_rows' | 'project_columns', workspaceId: number, projectId: number): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max('display_order').as('max'))
        .where('workspace_id', '=', workspaceId)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    },

    async getRow(workspaceId: number, projectId: number, rowId: number): Promise<ProjectRowRow | undefined> {
      return db.selectFrom('project_rows').selectAll().where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).where('id', '=', rowId).executeTakeFirst();
    },

    async getColumn(workspaceId: number, projectId: number, columnId: number): Promise<ProjectColumnRow | undefined> {
      return db.selectFrom('project_columns').selectAll().where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).where('id', '=', columnId).executeTakeFirst();
    },

    /** A row by id within the workspace (the runner knows only the cell's keys). */
    async rowOfWorkspace(workspaceId: number, rowId: number): Promise<ProjectRowRow | undefined> {
      return db.selectFrom('project_rows').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', rowId).executeTakeFirst();
    },

    async columnOfWorkspace(workspaceId: number, columnId: number): Promise<ProjectColumnRow | undefined> {
      return db.selectFrom('project_columns').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', columnId).executeTakeFirst();
    },

    async updateColumn(workspaceId: number, projectId: number, columnId: number, changes: Partial<Pick<ProjectColumnRow, 'column_title' | 'query' | 'response_structure' | 'updated_at'>>): Promise<void> {
      await db.updateTable('project_columns').set(changes).where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).where('id', '=', columnId).execute();
    },

    async deleteRow(workspaceId: number, projectId: number, rowId: number): Promise<boolean> {
      const r = await db.deleteFrom('project_rows').where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).where('id', '=', rowId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async deleteColumn(workspaceId: number, projectId: number, columnId: number): Promise<boolean> {
      const r = await db.deleteFrom('project_columns').where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).where('id', '=', columnId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** One project with its rows and columns, in display order. */
    async getWithParts(workspaceId: number, projectId: number): Promise<ProjectWithParts | undefined> {
      const project = await this.getById(workspaceId, projectId);
      if (!project) return undefined;
      const [rows, columns] = await Promise.all([
        db.selectFrom('project_rows').selectAll().where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).orderBy('display_order').orderBy('id').execute(),
        db.selectFrom('project_columns').selectAll().where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).orderBy('display_order').orderBy('id').execute(),
      ]);
      return { project, rows, columns };
    },

    /** All projects of a workspace with their rows and columns, in three queries whatever the count. */
    async listWithParts(workspaceId: number): Promise<ProjectWithParts[]> {
      const [projects, rows, columns] = await Promise.all([
        db.selectFrom('projects').selectAll().where('workspace_id', '=', workspaceId).orderBy('display_order').orderBy('id').execute(),
        db.selectFrom('project_rows').selectAll().where('workspace_id', '=', workspaceId).orderBy('display_order').orderBy('id').execute(),
        db.selectFrom('project_columns').selectAll().where('workspace_id', '=', workspaceId).orderBy('display_order').orderBy('id').execute(),
      ]);
      return projects.map((project) => ({
        project,
        rows: rows.filter((r) => r.project_id === project.id),
        columns: columns.filter((c) => c.project_id === project.id),
      }));
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;

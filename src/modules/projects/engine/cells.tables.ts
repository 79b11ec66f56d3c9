import type { ColumnType, Selectable } from 'kysely';

/** A column the database fills with its default when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** The review-table cells: one per project row and column, with its answer once run. */
export interface ProjectCellTables {
  project_cells: ProjectCellTable;
}

export type CellStatus = 'pending' | 'running' | 'done' | 'failed';

export interface ProjectCellTable {
  workspace_id: number;
  project_id: number;
  row_id: number;
  column_id: number;
  status: WithDefault<CellStatus>;
  /** 1 once a run was asked for and the cell is not done: the runner's queue, which survives restarts. */
  queued: WithDefault<number>;
  /** Bumped whenever the cell is reset, so a run that started before the reset cannot write its answer. */
  generation: WithDefault<number>;
  /** How many times a run started on this cell (proves nothing finished runs twice). */
  attempts: WithDefault<number>;
  /** JSON of the value; null until done (and when the file has no answer). */
  value: WithDefault<string | null>;
  display: WithDefault<string | null>;
  /** JSON array of citations. */
  citations: WithDefault<string>;
  error: WithDefault<string | null>;
  updated_at: string;
}

export type ProjectCellRow = Selectable<ProjectCellTable>;

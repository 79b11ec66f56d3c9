import { sql, type Kysely } from 'kysely';

/** The system_state key naming the clause model that tagged the stored passages. */
const CLAUSE_MODEL_KEY = 'passages.clause_model';

export interface StoredPassageTags {
  id: number;
  text: string;
  clauseTags: string;
}

/**
 * What re-tagging reads and writes: which model tagged the passages, and the passages themselves,
 * always by workspace and file. The same SQL on SQLite and PostgreSQL.
 */
export interface ClauseRetagRepository {
  /** The fingerprint recorded after the last complete tagging, or null (a folder from before the record). */
  taggedWith(): Promise<string | null>;
  recordTaggedWith(fingerprint: string): Promise<void>;
  workspacesWithPassages(): Promise<number[]>;
  /** The files of a workspace that have passages, in id order. */
  filesWithPassages(workspaceId: number): Promise<number[]>;
  passagesOf(workspaceId: number, fileIds: number[]): Promise<StoredPassageTags[]>;
  /** Writes new tags for passages of the workspace, in one transaction. */
  updateTags(workspaceId: number, rows: Array<{ id: number; clauseTags: string }>): Promise<void>;
}

// Two bound parameters a row, well under SQLite's 32,766 and PostgreSQL's 65,535 a statement.
const ROWS_PER_UPDATE = 500;

// The passages table is not in the Kysely schema (each dialect indexes it its own way), so this
// repository speaks SQL both dialects read alike.
export function createClauseRetagRepository({ db }: { db: Kysely<any> }): ClauseRetagRepository {
  return {
    async taggedWith() {
      const row = await sql<{ value: string }>`select value from system_state where key = ${CLAUSE_MODEL_KEY}`.execute(db);
      return row.rows[0]?.value ?? null;
    },
    async recordTaggedWith(fingerprint) {
      await sql`insert into system_state (key, value) values (${CLAUSE_MODEL_KEY}, ${fingerprint})
        on conflict (key) do update set value = excluded.value`.execute(db);
    },
    async workspacesWithPassages() {
      const rows = await sql<{ id: number }>`select id from workspaces where exists (select 1 from passages p where p.workspace_id = workspaces.id) order by id`.execute(db);
      return rows.rows.map((r) => Number(r.id));
    },
    async filesWithPassages(workspaceId) {
      const rows = await sql<{ file_id: number }>`select distinct file_id from passages where workspace_id = ${workspaceId} order by file_id`.execute(db);
      return rows.rows.map((r) => Number(r.file_id));
    },
    async passagesOf(workspaceId, fileIds) {
      if (fileIds.length === 0) return [];
      const rows = await sql<{ id: number; text: string; clause_tags: string }>`
        select id, text, clause_tags from passages where workspace_id = ${workspaceId} and file_id in (${sql.join(fileIds)}) order by id`.execute(db);
      return rows.rows.map((r) => ({ id: Number(r.id), text: r.text, clauseTags: r.clause_tags }));
    },
    async updateTags(workspaceId, rows) {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_UPDATE) {
          const values = rows.slice(i, i + ROWS_PER_UPDATE).map((r) => sql`(cast(${r.id} as integer), cast(${r.clauseTags} as text))`);
          // UPDATE … FROM: PostgreSQL's, and SQLite's since 3.33.
          await sql`with v(id, tags) as (values ${sql.join(values)})
            update passages set clause_tags = v.tags from v where passages.workspace_id = ${workspaceId} and passages.id = v.id`.execute(trx);
        }
      });
    },
  };
}

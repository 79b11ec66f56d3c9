import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { createRankedSearch, type CandidateRow, type SearchScope } from '../../../db/fts/postgres-ranked-search.js';
import { toPassageHit } from './clause-tags.js';
import { buildTsvector } from '../../../db/fts/tsvector.js';
import type { PassageDraft } from './chunking.js';
import type { PassageHit, PassageIndex } from './passage-index.js';
import { storedClauseTags } from './passage-spans.js';

/** The GIN index of the passages' tsvectors (ingestion.migration.ts). */
export const PASSAGES_GIN_INDEX = 'passages_tsv';

// Ten parameters a row: well under PostgreSQL's 65,535 bind parameters a statement.
const ROWS_PER_INSERT = 500;

/**
 * Replaces a file's passages on the given connection or transaction: the ingestion writer puts a
 * batch's passages, file rows and jobs in one transaction with it. The tsvector holds the same
 * Porter stems as SQLite's FTS5 index (db/fts/tsvector.ts).
 */
export async function replacePostgresPassages(db: Kysely<Database>, workspaceId: number, fileId: number, passages: PassageDraft[]): Promise<void> {
  await db.deleteFrom('passages').where('workspace_id', '=', workspaceId).where('file_id', '=', fileId).execute();
  for (let i = 0; i < passages.length; i += ROWS_PER_INSERT) {
    const rows = passages.slice(i, i + ROWS_PER_INSERT).map((p) => {
      const tsv = passageTsvector(p.text);
      return sql`(${workspaceId}, ${fileId}, ${p.ordinal}, ${p.page}, ${p.start}, ${p.end}, ${p.text}, ${tsv.text}::tsvector, ${tsv.tokenCount}, ${storedClauseTags(p)})`;
    });
    await sql`insert into passages (workspace_id, file_id, ordinal, page, start_offset, end_offset, text, tsv, token_count, clause_tags) values ${sql.join(rows)}`.execute(db);
  }
}

/** A passage's indexed terms: the same Porter stems as SQLite's FTS5 index, all in the body field. */
export function passageTsvector(text: string): { text: string; tokenCount: number } {
  return buildTsvector([{ text, label: 'D' }]);
}

const HIT_COLUMNS = ['p.id', 'p.file_id', 'p.page', 'p.start_offset', 'p.end_offset', 'p.text', 'p.clause_tags'] as const;

/** A workspace's passages form its own index, as SQLite's table per workspace does: bm25 statistics are the workspace's. */
const workspaceScope = (workspaceId: number): SearchScope => ({ key: String(workspaceId), where: sql`workspace_id = ${workspaceId}` });

/** The PostgreSQL passage index: a GIN-indexed tsvector per passage, ranked by FTS5's bm25. */
export function createPostgresPassageIndex(db: Kysely<Database>): PassageIndex {
  const ranked = createRankedSearch({ table: 'passages', stamped: true });
  const toHit = toPassageHit;

  return {
    async replaceFile(workspaceId, fileId, passages) {
      await db.transaction().execute((trx) => replacePostgresPassages(trx, workspaceId, fileId, passages));
    },
    async deleteFiles(workspaceId, fileIds) {
      if (fileIds.length === 0) return;
      await db.deleteFrom('passages').where('workspace_id', '=', workspaceId).where('file_id', 'in', fileIds).execute();
    },
    async search(workspaceId, ftsQuery, limit, fileIds) {
      if (fileIds && fileIds.length === 0) return [];
      const scored = await ranked.search(
        db,
        ftsQuery,
        (tsquery) => sql<CandidateRow>`
          select p.id, p.tsv, p.token_count from passages p join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
          where p.workspace_id = ${workspaceId} and f.status = 'ready' and p.tsv @@ ${tsquery}
          ${fileIds ? sql`and p.file_id = any(${fileIds}::int[])` : sql``}`,
        limit,
        workspaceScope(workspaceId),
      );
      if (scored.length === 0) return [];
      const rows = await db
        .selectFrom('passages as p')
        .select(HIT_COLUMNS)
        .where('p.workspace_id', '=', workspaceId)
        .where('p.id', 'in', scored.map((s) => s.id))
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return scored.flatMap((s) => {
        const row = byId.get(s.id);
        return row ? [toHit(row, s.score)] : [];
      });
    },
    termFrequencies(workspaceId, terms) {
      return ranked.termFrequencies(db, terms, workspaceScope(workspaceId));
    },
    async openings(workspaceId, fileIds, perFile) {
      if (fileIds.length === 0) return [];
      const rows = await db
        .selectFrom('passages as p')
        .innerJoin('files as f', (j) => j.onRef('f.id', '=', 'p.file_id').onRef('f.workspace_id', '=', 'p.workspace_id'))
        .select(HIT_COLUMNS)
        .where('p.workspace_id', '=', workspaceId)
        .where('p.file_id', 'in', fileIds)
        .where('f.status', '=', 'ready')
        .where('p.ordinal', '<', perFile)
        .orderBy('p.file_id')
        .orderBy('p.ordinal')
        .execute();
      const order = new Map(fileIds.map((id, i) => [id, i]));
      return rows.sort((a, b) => (order.get(a.file_id) ?? 0) - (order.get(b.file_id) ?? 0)).map((r) => toHit(r, 0));
    },
  };
}

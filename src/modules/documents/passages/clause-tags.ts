import type { PassageHit } from './passage-index.js';

/** A passage's stored clause tags (a JSON object: CUAD category → probability), or none when unreadable. */
export function parseClauseTags(json: string | null | undefined): Record<string, number> {
  const tags = JSON.parse(json || '{}') as unknown;
  return tags && typeof tags === 'object' && !Array.isArray(tags) ? (tags as Record<string, number>) : {};
}

/** A stored passage row as a search hit, on either backend. */
export interface PassageRowForHit {
  id: number;
  file_id: number;
  page: number | null;
  start_offset: number;
  end_offset: number;
  text: string;
  clause_tags: string;
}

export function toPassageHit(row: PassageRowForHit, score: number): PassageHit {
  return {
    passageId: row.id,
    fileId: row.file_id,
    page: row.page,
    start: row.start_offset,
    end: row.end_offset,
    text: row.text,
    clauses: parseClauseTags(row.clause_tags),
    score,
  };
}

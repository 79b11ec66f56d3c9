import type { OrgRow } from '../../db/schema.js';

export function presentOrg(row: OrgRow) {
  return { id: row.id, name: row.name, created_at: row.created_at };
}

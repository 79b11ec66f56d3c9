import type { OrgRow } from '../../db/schema.js';
import { newUuid, type CoreDeps } from '../../shared/deps.js';
import { invalidInput } from '../admin.errors.js';

export async function createOrg(deps: CoreDeps<'orgs'>, input: { name: string }): Promise<OrgRow> {
  const name = input.name.trim();
  if (!name) throw invalidInput('name must not be empty');
  return deps.store.orgs.create({ id: newUuid(deps), name, created_at: deps.clock.now().toISOString() });
}

import type { UserRow } from '../../db/schema.js';
import { newUuid, type CoreDeps } from '../../shared/deps.js';
import { invalidInput, notFound } from '../admin.errors.js';

export interface NewUserInput {
  orgId: string;
  email: string;
  name: string;
  isOrgAdmin?: boolean;
}

export async function createUser(deps: CoreDeps<'orgs' | 'users'>, input: NewUserInput): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw invalidInput(`invalid email "${input.email}"`);
  if (!input.name.trim()) throw invalidInput('name must not be empty');
  if (!(await deps.store.orgs.getById(input.orgId))) throw notFound('organization', input.orgId);
  if (await deps.store.users.getByEmail(input.orgId, email)) throw invalidInput(`a user with email ${email} already exists in this organization`);
  return deps.store.users.create({
    id: newUuid(deps),
    org_id: input.orgId,
    email,
    name: input.name.trim(),
    is_org_admin: input.isOrgAdmin ? 1 : 0,
    created_at: deps.clock.now().toISOString(),
    password_hash: null,
  });
}

export function presentUser(row: UserRow) {
  return { id: row.id, email: row.email, name: row.name, org_id: row.org_id, is_org_admin: row.is_org_admin === 1 };
}

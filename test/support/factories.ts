import { createApiKey, type NewApiKeyInput } from '../../src/modules/api-keys/api-keys.usecases.js';
import { createOrg } from '../../src/modules/orgs/orgs.usecases.js';
import { createUser } from '../../src/modules/users/users.usecases.js';
import { createWorkspace, type NewWorkspaceInput } from '../../src/modules/workspaces/workspaces.usecases.js';
import type { CoreDeps } from '../../src/shared/deps.js';
import type { OrgRow, UserRow, WorkspaceRow } from '../../src/db/schema.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface Tenant {
  org: OrgRow;
  admin: UserRow;
  workspace: WorkspaceRow;
}

/** An org with an org-admin user who owns one workspace. */
export async function buildTenant(deps: CoreDeps, overrides: Partial<NewWorkspaceInput> = {}): Promise<Tenant> {
  const org = await createOrg(deps, { name: `Org ${unique()}` });
  const admin = await createUser(deps, { orgId: org.id, email: `admin-${unique()}@example.test`, name: 'Admin', isOrgAdmin: true });
  const workspace = await createWorkspace(deps, { orgId: org.id, ownerId: admin.id, name: 'Main workspace', ...overrides });
  return { org, admin, workspace };
}

export async function buildUser(deps: CoreDeps, orgId: string, isOrgAdmin = false): Promise<UserRow> {
  return createUser(deps, { orgId, email: `user-${unique()}@example.test`, name: 'User', isOrgAdmin });
}

export async function buildWorkspace(deps: CoreDeps, tenant: Tenant, overrides: Partial<NewWorkspaceInput> = {}): Promise<WorkspaceRow> {
  return createWorkspace(deps, { orgId: tenant.org.id, ownerId: tenant.admin.id, name: `Workspace ${unique()}`, ...overrides });
}

/** A key for the tenant's admin: org-scoped unless a workspace is given. Returns the secret. */
export async function buildApiKey(
  deps: CoreDeps,
  tenant: Tenant,
  overrides: Partial<NewApiKeyInput> = {},
): Promise<{ key: string; id: string }> {
  const created = await createApiKey(deps, {
    orgId: tenant.org.id,
    createdBy: tenant.admin.id,
    name: 'test key',
    scopes: ['workspaces:read', 'documents:read', 'documents:write', 'query:run', 'statutes:read'],
    ...overrides,
  });
  return { key: created.key, id: created.id };
}

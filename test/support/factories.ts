import { createApiKey, type NewApiKeyInput } from '../../src/modules/api-keys/api-keys.usecases.js';
import { createOrg } from '../../src/modules/orgs/orgs.usecases.js';
import { createUser } from '../../src/modules/users/users.usecases.js';
import { createWorkspace, type NewWorkspaceInput } from '../../src/modules/workspaces/workspaces.usecases.js';
import type { CoreDeps } from '../../src/shared/deps.js';
import type { OrgRow, UserRow, WorkspaceRow } from '../../src/db/schema.js';
import type { OpenedStore } from '../../src/db/open.js';
import { createPassageIndex } from '../../src/modules/documents/document-services.js';

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

/**
 * A ready file of the workspace whose passages (one per text, each stored with `clauses`) are
 * written through the backend's own passage index (its `replaceFile`), without ingestion.
 */
export async function buildIndexedFile(opened: OpenedStore, workspaceId: number, texts: string[], clauses: Record<string, number> = {}): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await opened.store.db
    .insertInto('files')
    .values({ workspace_id: workspaceId, parent_directory_id: null, file_name: `contract-${unique()}.txt`, sha256: `${unique()}`.padStart(64, '0'), size_bytes: 1, content_type: 'text/plain', status: 'ready', error: null, page_count: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const drafts = texts.map((text, ordinal) => ({ ordinal, page: 1, start: 0, end: text.length, text, clauses }));
  await createPassageIndex({ store: opened.store, clock: { now: () => new Date() } }, opened.passageBackend).replaceFile(workspaceId, id, drafts);
  return id;
}

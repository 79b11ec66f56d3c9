import { folioJson as folio } from './cli-process.js';

/** An org, an org-admin owner, one workspace and a key, made with the CLI in `dataDir`. */
export function cliTenant(dataDir: string, scopes = 'workspaces:read,documents:read,documents:write,query:run') {
  const org = folio(dataDir, 'org', 'create', '--name', 'Process LLP');
  const user = folio(dataDir, 'user', 'create', '--org', String(org.id), '--email', 'p@process.test', '--name', 'P', '--org-admin');
  const ws = folio(dataDir, 'workspace', 'create', '--org', String(org.id), '--owner', String(user.id), '--name', 'W');
  const { key } = folio(dataDir, 'key', 'create', '--org', String(org.id), '--created-by', String(user.id), '--name', 'k', '--scopes', scopes) as { key: string };
  return { orgId: String(org.id), userId: String(user.id), workspaceId: Number(ws.workspace_id), key };
}

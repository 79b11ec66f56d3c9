import { invalidInput, notFound } from '../../modules/admin.errors.js';
import type { CoreDeps } from '../../shared/deps.js';

/** A positive integer id from the command line, or a clear error. */
export function parseId(value: string, what: string): number {
  if (!/^\d+$/.test(value.trim())) throw invalidInput(`${what} must be a positive integer, got "${value}"`);
  return Number(value.trim());
}

export function parseJsonOption(value: string, what: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw invalidInput(`${what} must be JSON, got ${value}`);
  }
}

export function parseBool(value: string, what: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidInput(`${what} must be true or false, got "${value}"`);
}

/** The org a workspace belongs to (operators name workspaces by id alone). */
export async function orgOfWorkspace(deps: CoreDeps<'admin'>, workspaceId: number): Promise<string> {
  const orgId = await deps.store.admin.orgOfWorkspace(workspaceId);
  if (!orgId) throw notFound('workspace', workspaceId);
  return orgId;
}

import type { Scope } from '../api-keys/api-keys.models.js';

/** Who is calling: an API key, its org, its creator (whose access it borrows) and its limits. */
export interface Principal {
  keyId: string;
  orgId: string;
  createdBy: string;
  /** Set for a workspace-bound key; null for an org-scoped one. */
  workspaceId: number | null;
  scopes: ReadonlySet<Scope>;
  /** Requests per window, or null for the server default. */
  rateLimit: number | null;
}

import type { UserRow } from '../../db/schema.js';

export function presentSession(user: UserRow, expiresAt: string) {
  return {
    user: { id: user.id, email: user.email, name: user.name, org_id: user.org_id, is_org_admin: user.is_org_admin === 1 },
    expires_at: expiresAt,
  };
}

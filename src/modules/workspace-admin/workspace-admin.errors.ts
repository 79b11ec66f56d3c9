import { defineError } from '../../shared/errors.js';

export const cannotManage = defineError(403, 'workspace_admin.forbidden', 'Managing keys and members needs the owner or admin role in this workspace');
export const ownersOnly = defineError(403, 'workspace_admin.owners_only', 'Only an owner may grant, change or remove the owner role');
export const lastOwner = defineError(409, 'workspace_admin.last_owner', 'A workspace keeps at least one owner');
export const keyNotFound = defineError(404, 'workspace_admin.key_not_found', 'API key not found');
export const memberNotFound = defineError(404, 'workspace_admin.member_not_found', 'Member not found');
export const userNotFound = defineError(404, 'workspace_admin.user_not_found', 'No user with this e-mail in the organization');

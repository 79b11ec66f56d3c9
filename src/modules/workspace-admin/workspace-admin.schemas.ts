import { Type, type Static } from '@sinclair/typebox';
import { scopes } from '../api-keys/api-keys.models.js';
import { workspaceRoles } from '../workspaces/workspaces.models.js';
import { Nullable } from '../../http/schema-helpers.js';

const ScopeSchema = Type.Union(scopes.map((s) => Type.Literal(s)), { title: 'Scope' });
const RoleSchema = Type.Union(workspaceRoles.map((r) => Type.Literal(r)), { title: 'WorkspaceRole' });

export const WorkspaceParams = Type.Object({ workspace_id: Type.Integer() });
export const KeyParams = Type.Object({ workspace_id: Type.Integer(), key_id: Type.String({ format: 'uuid' }) });
export const MemberParams = Type.Object({ workspace_id: Type.Integer(), user_id: Type.String({ format: 'uuid' }) });

export const StandingSchema = Type.Object(
  {
    workspace_id: Type.Integer(),
    role: Nullable(RoleSchema),
    can_manage: Type.Boolean({ description: 'Owner or admin: may manage keys and members' }),
    scopes: Type.Array(ScopeSchema, { description: 'What the user may do in this workspace, as API scopes' }),
  },
  { title: 'WorkspaceStanding' },
);

export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    scopes: Type.Array(Type.String()),
    workspace_id: Nullable(Type.Integer()),
    display_prefix: Type.String({ description: 'The first 16 characters of the key' }),
    created_by: Type.String({ format: 'uuid' }),
    created_by_name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Nullable(Type.String({ format: 'date-time' })),
    revoked_at: Nullable(Type.String({ format: 'date-time' })),
    last_used_at: Nullable(Type.String({ format: 'date-time' })),
    rate_limit: Nullable(Type.Integer()),
  },
  { title: 'ApiKey' },
);

export const CreatedApiKeySchema = Type.Composite([ApiKeySchema, Type.Object({ key: Type.String({ description: 'The full key, shown only in this answer' }) })], {
  title: 'CreatedApiKey',
});

export const CreateApiKeyRequestSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    scopes: Type.Array(ScopeSchema, { minItems: 1 }),
    org_scoped: Type.Optional(Type.Boolean({ default: false, description: 'Any workspace the creator can access (org admins only); else bound to this workspace' })),
    expires_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    rate_limit: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  },
  { title: 'CreateApiKeyRequest' },
);
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequestSchema>;

export const MemberSchema = Type.Object(
  { user_id: Type.String({ format: 'uuid' }), email: Type.String(), name: Type.String(), role: RoleSchema, created_at: Type.String({ format: 'date-time' }) },
  { title: 'Member' },
);
export const AddMemberRequestSchema = Type.Object({ email: Type.String({ minLength: 1 }), role: RoleSchema }, { title: 'AddMemberRequest' });
export const ChangeRoleRequestSchema = Type.Object({ role: RoleSchema }, { title: 'ChangeRoleRequest' });

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { appRouteSchema } from '../../http/app-route-schema.js';
import { sessionOf } from '../../http/session-guard.js';
import { sessionScopes } from '../sessions/session-rights.js';
import {
  AddMemberRequestSchema,
  ApiKeySchema,
  ChangeRoleRequestSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  KeyParams,
  MemberParams,
  MemberSchema,
  StandingSchema,
  WorkspaceParams,
  type CreateApiKeyRequest,
} from './workspace-admin.schemas.js';
import {
  createWorkspaceKey,
  listMembers,
  listWorkspaceKeys,
  removeWorkspaceMember,
  revokeWorkspaceKey,
  setMemberRole,
  standingIn,
  type WorkspaceAdminDeps,
} from './workspace-admin.usecases.js';

type WsParams = Static<typeof WorkspaceParams>;
const session = { appAuth: 'session' as const, api: 'workspace' as const };

/** The app's workspace settings: the user's standing, API keys and members (under /app/api). */
export function workspaceAdminRoutes(deps: WorkspaceAdminDeps) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: WsParams }>(
      '/workspaces/:workspace_id/standing',
      { config: session, schema: appRouteSchema({ summary: "The signed-in user's role in a workspace and what it allows", operationId: 'getWorkspaceStanding', params: WorkspaceParams, success: { 200: StandingSchema } }) },
      async (request) => {
        const { role, canManage } = await standingIn(deps, sessionOf(request).user, request.params.workspace_id);
        return { workspace_id: request.params.workspace_id, role: role ?? null, can_manage: canManage, scopes: [...sessionScopes(role, true)] };
      },
    );

    app.get<{ Params: WsParams }>(
      '/workspaces/:workspace_id/keys',
      { config: session, schema: appRouteSchema({ summary: 'API keys of the workspace (owners and admins)', operationId: 'listWorkspaceKeys', params: WorkspaceParams, success: { 200: Type.Array(ApiKeySchema) } }) },
      async (request) => listWorkspaceKeys(deps, sessionOf(request).user, request.params.workspace_id),
    );

    app.post<{ Params: WsParams; Body: CreateApiKeyRequest }>(
      '/workspaces/:workspace_id/keys',
      { config: session, schema: appRouteSchema({ summary: 'Create an API key; the full key is in this answer only', operationId: 'createWorkspaceKey', params: WorkspaceParams, body: CreateApiKeyRequestSchema, success: { 201: CreatedApiKeySchema }, errors: [400, 404] }) },
      async (request, reply) => reply.code(201).send(await createWorkspaceKey(deps, sessionOf(request).user, request.params.workspace_id, request.body)),
    );

    app.delete<{ Params: Static<typeof KeyParams> }>(
      '/workspaces/:workspace_id/keys/:key_id',
      { config: session, schema: appRouteSchema({ summary: 'Revoke an API key', operationId: 'revokeWorkspaceKey', params: KeyParams, success: { 200: ApiKeySchema }, errors: [404] }) },
      async (request) => revokeWorkspaceKey(deps, sessionOf(request).user, request.params.workspace_id, request.params.key_id),
    );

    app.get<{ Params: WsParams }>(
      '/workspaces/:workspace_id/members',
      { config: session, schema: appRouteSchema({ summary: 'Members of the workspace with their roles', operationId: 'listWorkspaceMembers', params: WorkspaceParams, success: { 200: Type.Array(MemberSchema) } }) },
      async (request) => listMembers(deps, sessionOf(request).user, request.params.workspace_id),
    );

    app.post<{ Params: WsParams; Body: Static<typeof AddMemberRequestSchema> }>(
      '/workspaces/:workspace_id/members',
      { config: session, schema: appRouteSchema({ summary: 'Add a user of the organization by e-mail (owners and admins)', operationId: 'addWorkspaceMember', params: WorkspaceParams, body: AddMemberRequestSchema, success: { 200: MemberSchema }, errors: [400, 404, 409] }) },
      async (request) => setMemberRole(deps, sessionOf(request).user, request.params.workspace_id, { email: request.body.email }, request.body.role),
    );

    app.patch<{ Params: Static<typeof MemberParams>; Body: Static<typeof ChangeRoleRequestSchema> }>(
      '/workspaces/:workspace_id/members/:user_id',
      { config: session, schema: appRouteSchema({ summary: "Change a member's role (owners and admins)", operationId: 'changeWorkspaceMemberRole', params: MemberParams, body: ChangeRoleRequestSchema, success: { 200: MemberSchema }, errors: [400, 404, 409] }) },
      async (request) => setMemberRole(deps, sessionOf(request).user, request.params.workspace_id, { userId: request.params.user_id }, request.body.role),
    );

    app.delete<{ Params: Static<typeof MemberParams> }>(
      '/workspaces/:workspace_id/members/:user_id',
      { config: session, schema: appRouteSchema({ summary: 'Remove a member (owners and admins)', operationId: 'removeWorkspaceMember', params: MemberParams, success: { 204: null }, errors: [404, 409] }) },
      async (request, reply) => {
        await removeWorkspaceMember(deps, sessionOf(request).user, request.params.workspace_id, request.params.user_id);
        return reply.code(204).send();
      },
    );
  };
}

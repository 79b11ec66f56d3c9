import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../shared/deps.js';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import { invalidApiKey } from '../auth/auth.errors.js';
import { presentOrg } from './orgs.presenter.js';

const OrganizationSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), name: Type.String(), created_at: Type.String({ format: 'date-time' }) },
  { title: 'Organization' },
);

export function orgsRoutes(deps: CoreDeps) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v1/org',
      {
        config: { scope: 'workspaces:read', api: 'workspace' },
        schema: authedRouteSchema({ summary: 'The organization the key belongs to', tags: ['workspaces'], api: 'workspace', success: { 200: OrganizationSchema } }),
      },
      async (request) => {
        const org = await deps.store.orgs.getById(principalOf(request).orgId);
        if (!org) throw invalidApiKey();
        return presentOrg(org);
      },
    );
  };
}

import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authedRouteSchema } from '../../http/route-schema.js';
import { PoolSaturated, type WorkPool } from '../../shared/work-pool.js';
import { temporarilyUnavailable } from '../auth/auth.errors.js';
import { asOfDate, requireJurisdictionCode, requireText } from './research-input.js';
import { badRequest } from './research.errors.js';
import { AskBodySchema, AskResponseSchema, CheckBodySchema, CheckResponseSchema, CompareBodySchema, CompareResponseSchema } from './research.schemas.js';
import { ask, check, compare } from './research.usecases.js';
import type { ResearchDeps } from './retrieval/retrieve-sections.js';

const config = { scope: 'statutes:read', api: 'statute' } as const;

/**
 * Research runs in a bounded pool like workspace queries: at most `concurrency` at once, a bounded
 * queue, and past it 503 + Retry-After at once instead of piling work onto the event loop.
 */
async function inPool<T>(pool: WorkPool | undefined, task: () => Promise<T>): Promise<T> {
  if (!pool) return task();
  try {
    return await pool.run(task);
  } catch (error) {
    if (error instanceof PoolSaturated) throw temporarilyUnavailable(1);
    throw error;
  }
}

/** POST /v1/ask, /v1/compare and /v1/check: research over the statutes in force on `as_of`. */
export function researchRoutes(deps: ResearchDeps, pool?: WorkPool) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: Static<typeof AskBodySchema> }>(
      '/v1/ask',
      {
        config,
        schema: authedRouteSchema({ summary: 'A cited answer for one jurisdiction', tags: ['statutes'], api: 'statute', body: AskBodySchema, success: { 200: AskResponseSchema }, errors: [422] }),
      },
      async (request) => {
        const input = {
          question: requireText(request.body.question, 'question'),
          jurisdiction: requireJurisdictionCode(request.body.jurisdiction),
          asOf: asOfDate(request.body.as_of, deps.clock),
        };
        return inPool(pool, () => ask(deps, input));
      },
    );

    app.post<{ Body: Static<typeof CompareBodySchema> }>(
      '/v1/compare',
      {
        config,
        schema: authedRouteSchema({ summary: 'The same question across jurisdictions, in the request order', tags: ['statutes'], api: 'statute', body: CompareBodySchema, success: { 200: CompareResponseSchema }, errors: [422] }),
      },
      async (request) => {
        const question = requireText(request.body.question, 'question');
        if (!Array.isArray(request.body.jurisdictions)) throw badRequest('Missing required field: jurisdictions');
        const jurisdictions = request.body.jurisdictions.map((j, i) => requireJurisdictionCode(j, `jurisdictions[${i}]`));
        const asOf = asOfDate(request.body.as_of, deps.clock);
        return inPool(pool, () => compare(deps, { question, jurisdictions, asOf }));
      },
    );

    app.post<{ Body: Static<typeof CheckBodySchema> }>(
      '/v1/check',
      {
        config,
        schema: authedRouteSchema({ summary: 'Whether the statutes support or contradict an assertion', tags: ['statutes'], api: 'statute', body: CheckBodySchema, success: { 200: CheckResponseSchema }, errors: [422] }),
      },
      async (request) => {
        const input = {
          assertion: requireText(request.body.assertion, 'assertion'),
          jurisdiction: requireJurisdictionCode(request.body.jurisdiction),
          asOf: asOfDate(request.body.as_of, deps.clock),
        };
        return inPool(pool, () => check(deps, input));
      },
    );
  };
}

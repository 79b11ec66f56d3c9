import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authedRouteSchema } from '../../http/route-schema.js';
import type { Clock } from '../../shared/clock.js';
import { asOfDate, requireJurisdictionCode, requireText } from './research-input.js';
import { badRequest } from './research.errors.js';
import { AskBodySchema, AskResponseSchema, CheckBodySchema, CheckResponseSchema, CompareBodySchema, CompareResponseSchema } from './research.schemas.js';
import type { AskResult, CheckResult } from './research.usecases.js';
import type { ComparisonEntry } from './ask/index.js';

const config = { scope: 'statutes:read', api: 'statute' } as const;

/**
 * Where research runs (answering threads, behind the same admission as workspace queries): the
 * routes validate and hand over the validated input, so the analysis never runs on the event loop.
 */
export interface ResearchRunner {
  ask(input: { question: string; jurisdiction: string; asOf: string }): Promise<AskResult>;
  check(input: { assertion: string; jurisdiction: string; asOf: string }): Promise<CheckResult>;
  compare(input: { question: string; jurisdictions: string[]; asOf: string }): Promise<{ results: ComparisonEntry[] }>;
}

/** POST /v1/ask, /v1/compare and /v1/check: research over the statutes in force on `as_of`. */
export function researchRoutes(deps: { clock: Clock }, runner: ResearchRunner) {
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
        return runner.ask(input);
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
        return runner.compare({ question, jurisdictions, asOf });
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
        return runner.check(input);
      },
    );
  };
}

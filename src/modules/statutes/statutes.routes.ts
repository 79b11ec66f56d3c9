import type { FastifyInstance } from 'fastify';
import { authedRouteSchema } from '../../http/route-schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { presentJurisdictions, presentSection } from './statutes.presenter.js';
import { JurisdictionsSchema, SectionParams, SectionQuery, SectionSchema } from './statutes.schemas.js';
import { getSectionOn } from './statutes.usecases.js';
import { createStatutesRepository } from './storage/statutes.repository.js';

/** GET /v1/statute/{citation} and GET /v1/jurisdictions: reads of the tenant-neutral corpus. */
export function statutesRoutes(core: CoreDeps) {
  const deps = { statutes: createStatutesRepository({ db: core.store.db }), clock: core.clock };
  return async (app: FastifyInstance) => {
    app.get<{ Params: SectionParams; Querystring: SectionQuery }>(
      '/v1/statute/:citation',
      {
        config: { scope: 'statutes:read', api: 'statute' },
        schema: authedRouteSchema({
          summary: 'One statute section as in force on a date',
          tags: ['statutes'],
          api: 'statute',
          params: SectionParams,
          querystring: SectionQuery,
          success: { 200: SectionSchema },
          errors: [422],
        }),
      },
      async (request) => presentSection(await getSectionOn(deps, { citation: request.params.citation, asOf: request.query.as_of })),
    );

    app.get(
      '/v1/jurisdictions',
      {
        config: { scope: 'statutes:read', api: 'statute' },
        schema: authedRouteSchema({
          summary: 'Jurisdictions with a loaded statute corpus, their codes, section counts, the dates their versions cover, and (extension) the titles and publications loaded',
          tags: ['statutes'],
          api: 'statute',
          success: { 200: JurisdictionsSchema },
        }),
      },
      async () => presentJurisdictions(await deps.statutes.listJurisdictions(), await deps.statutes.loaded.all()),
    );
  };
}

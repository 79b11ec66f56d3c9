import type { Kysely } from 'kysely';
import type { Database, OrgRow } from '../../db/schema.js';

export function createOrgsRepository({ db }: { db: Kysely<Database> }) {
  return {
    async create(org: OrgRow): Promise<OrgRow> {
      await db.insertInto('orgs').values(org).execute();
      return org;
    },
    async getById(orgId: string): Promise<OrgRow | undefined> {
      return db.selectFrom('orgs').selectAll().where('id', '=', orgId).executeTakeFirst();
    },
  };
}

export type OrgsRepository = ReturnType<typeof createOrgsRepository>;

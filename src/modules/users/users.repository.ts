import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';

export function createUsersRepository({ db }: { db: Kysely<Database> }) {
  return {
    async create(user: UserRow): Promise<UserRow> {
      await db.insertInto('users').values(user).execute();
      return user;
    },
    async getById(orgId: string, userId: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('org_id', '=', orgId).where('id', '=', userId).executeTakeFirst();
    },
    async getByEmail(orgId: string, email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('org_id', '=', orgId).where('email', '=', email).executeTakeFirst();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

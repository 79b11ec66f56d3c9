import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import type { SessionRow } from './sessions.tables.js';

/** Sessions, passwords and sign-in failures. Session reads by token hash are identity lookups, like API keys'. */
export function createSessionsRepository({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Every user with this e-mail, across orgs: at sign-in the org is not yet known. An e-mail is
     * unique within an org; the password decides which account (if several) signs in.
     */
    async usersByEmail(email: string): Promise<UserRow[]> {
      return db.selectFrom('users').selectAll().where('email', '=', email).orderBy('created_at').execute();
    },

    async setPasswordHash(orgId: string, userId: string, hash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash }).where('org_id', '=', orgId).where('id', '=', userId).execute();
    },

    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of a user (a password change signs out everywhere). */
    async deleteForUser(orgId: string, userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    },

    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },

    async recordFailure(subjects: string[], at: string): Promise<void> {
      await db.insertInto('sign_in_failures').values(subjects.map((subject) => ({ subject, failed_at: at }))).execute();
    },

    /** Failures since `since`, oldest first (the oldest decides when a lock lifts). */
    async failuresSince(subject: string, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('sign_in_failures')
        .select('failed_at')
        .where('subject', '=', subject)
        .where('failed_at', '>', since)
        .orderBy('failed_at')
        .execute();
      return rows.map((r) => r.failed_at);
    },

    async clearFailures(subject: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('subject', '=', subject).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

import type { Kysely } from 'kysely';
import type { ApiKeyRow, Database } from '../../db/schema.js';

export function createApiKeysRepository({ db }: { db: Kysely<Database> }) {
  return {
    async insert(key: ApiKeyRow): Promise<void> {
      await db.insertInto('api_keys').values(key).execute();
    },

    /**
     * The authentication lookup: by hash alone, because the org is not known until the key is.
     * The hash is of a 238-bit secret, so it identifies exactly one tenant's key.
     */
    async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    },

    async getById(orgId: string, keyId: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).where('id', '=', keyId).executeTakeFirst();
    },

    async list(orgId: string): Promise<ApiKeyRow[]> {
      return db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).orderBy('created_at').execute();
    },

    async revoke(orgId: string, keyId: string, now: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('org_id', '=', orgId)
        .where('id', '=', keyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async touch(orgId: string, keyId: string, now: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: now }).where('org_id', '=', orgId).where('id', '=', keyId).execute();
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;

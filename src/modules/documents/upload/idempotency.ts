import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { retryOnBusy } from '../../../db/write-retry.js';
import { isUniqueViolation } from '../documents.repository.js';
import { idempotencyInProgress, idempotencyKeyReused } from '../documents.errors.js';

const TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** What a request under an idempotency key must do next. */
export type IdempotencyStart =
  | { kind: 'fresh' }
  | { kind: 'replay'; contentSha256: string | null; response: StoredResponse };

/**
 * X-Idempotency-Key, scoped to the API key and kept 24 h: the first request runs, a repeat of a
 * completed one replays its response, a repeat while it runs gets 409, and a repeat naming another
 * workspace, directory or content gets 422.
 *
 * A key held `in_progress` longer than `maxRequestMs` is a lease run out: no request lives that
 * long (the server cuts it at its request timeout), so its process died unanswered (kill -9,
 * power loss), and the next request under the key takes it over. This holds with any number of
 * processes on one database, whether or not the dead one restarts.
 */
export function createIdempotency({ db, maxRequestMs }: { db: Kysely<Database>; maxRequestMs: number }) {
  const find = (apiKeyId: string, key: string) =>
    db.selectFrom('idempotency_keys').selectAll().where('api_key_id', '=', apiKeyId).where('idem_key', '=', key).executeTakeFirst();

  return {
    async begin(apiKeyId: string, key: string, workspaceId: number, parentDirectoryId: number | null, now: Date): Promise<IdempotencyStart> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const existing = await find(apiKeyId, key);
        const expired = existing && Date.parse(existing.expires_at) <= now.getTime();
        const abandoned = existing?.state === 'in_progress' && Date.parse(existing.created_at) < now.getTime() - maxRequestMs;
        if (existing && (expired || abandoned)) {
          // Only the row that was read: a process that took the key over meanwhile keeps it.
          await db.deleteFrom('idempotency_keys').where('api_key_id', '=', apiKeyId).where('idem_key', '=', key).where('created_at', '=', existing.created_at).execute();
          continue;
        }
        if (existing) {
          if (existing.state !== 'completed') throw idempotencyInProgress();
          if (existing.workspace_id !== workspaceId || existing.parent_directory_id !== parentDirectoryId) throw idempotencyKeyReused(key);
          return {
            kind: 'replay',
            contentSha256: existing.content_sha256,
            response: { status: existing.response_status ?? 200, body: JSON.parse(existing.response_body ?? 'null') as unknown },
          };
        }
        try {
          await retryOnBusy(() => db
            .insertInto('idempotency_keys')
            .values({
              api_key_id: apiKeyId,
              idem_key: key,
              workspace_id: workspaceId,
              parent_directory_id: parentDirectoryId,
              content_sha256: null,
              state: 'in_progress',
              response_status: null,
              response_body: null,
              created_at: now.toISOString(),
              expires_at: new Date(now.getTime() + TTL_MS).toISOString(),
            })
            .execute());
          return { kind: 'fresh' };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Another request took the key between our read and insert: read it again.
        }
      }
      throw idempotencyInProgress();
    },

    async complete(apiKeyId: string, key: string, contentSha256: string | null, response: StoredResponse): Promise<void> {
      await retryOnBusy(() =>
        db
          .updateTable('idempotency_keys')
          .set({ state: 'completed', content_sha256: contentSha256, response_status: response.status, response_body: JSON.stringify(response.body) })
          .where('api_key_id', '=', apiKeyId)
          .where('idem_key', '=', key)
          .execute(),
      );
    },

    /**
     * At server start on SQLite: every key still `in_progress` belonged to a request of a process
     * that died unanswered, since the data-folder lock lets one server run per folder and only the
     * server takes keys; freeing them lets the client retry at once rather than after
     * `maxRequestMs`. With several servers on one database (PostgreSQL) another server's key may
     * be live: only keys taken before `takenBefore` are freed then.
     */
    async releaseUnanswered(takenBefore?: string): Promise<number> {
      let query = db.deleteFrom('idempotency_keys').where('state', '=', 'in_progress');
      if (takenBefore !== undefined) query = query.where('created_at', '<', takenBefore);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Frees the key after a failure that produced no response worth replaying. */
    async abandon(apiKeyId: string, key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('api_key_id', '=', apiKeyId).where('idem_key', '=', key).where('state', '=', 'in_progress').execute();
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

import type { Kysely } from 'kysely';
import { withSerialId, type Dialect, type Migration } from '../../db/migrations/column-types.js';

/**
 * Sign-in for the app: a password hash on users (null: the user cannot sign in), sessions stored
 * only as hashes of their tokens, and failed sign-in attempts, counted per account and per address.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('csrf_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['org_id', 'user_id']).execute();

  await withSerialId(db.schema.createTable('sign_in_failures'), dialect)
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_subject').on('sign_in_failures').columns(['subject', 'failed_at']).execute();
}

export const sessionsMigration: Migration = { name: '012-sessions', up };

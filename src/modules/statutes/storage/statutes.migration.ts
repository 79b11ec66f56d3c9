import type { Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';

async function up(_db: Kysely<unknown>, _dialect: Dialect): Promise<void> {}

export const statutesMigration: Migration = { name: '003-statutes', up };

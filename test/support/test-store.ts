import { openStore, type OpenedStore } from '../../src/db/open.js';
import { dropTestDatabase, testDatabaseUrl } from './test-database.js';

/**
 * The store of a test's data folder on the backend under test: its SQLite file, or on the
 * PostgreSQL run the folder's own schema. close() drops that schema too.
 */
export async function openTestStore(dataDir: string): Promise<OpenedStore> {
  const opened = await openStore({ databaseUrl: await testDatabaseUrl(dataDir), dataDir });
  return {
    ...opened,
    async close() {
      await opened.close();
      await dropTestDatabase(dataDir);
    },
  };
}

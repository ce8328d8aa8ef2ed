import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import storefrontServer from '../../server/storefront/server-app.ts';
import { createTestApp, type TestApp } from '../../server/test-kit.ts';
import storefront from '../../shared/storefront/app.ts';
import { type MigratedDatabase, useMigratedDatabase } from './database-engines.ts';
import { shopServicesOn } from './shop-database.ts';

/**
 * The storefront as a test app over one engine's migrated database, for a `describe.each(databaseEngines())`
 * suite: made before its tests, stopped (and the engine closed) after them. Call the result for both.
 */
export function useStorefrontOn(open: () => Promise<MigratedDatabase>): () => { app: TestApp; db: Database } {
  const database = useMigratedDatabase(open);
  let app: TestApp | undefined;
  beforeAll(() => {
    app = createTestApp(
      { app: storefront, server: storefrontServer },
      { services: shopServicesOn(database()) },
    );
  });
  afterAll(() => app?.stop());
  return () => {
    if (!app) throw new Error('The storefront is made before the tests of the suite');
    return { app, db: database() };
  };
}

import { afterAll, beforeAll } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import type { Database } from '../../server/database/database.ts';
import { openPostgresDatabase } from '../../server/database/postgres-database.ts';
import { createTestApp, type TestApp } from '../../server/test-kit.ts';
import { type MigratedDatabase, useMigratedDatabase } from './database-engines.ts';
import { shopServicesOn } from './shop-database.ts';

/**
 * The storefront as a test app over one engine's migrated database, for a `describe.each(databaseEngines())`
 * suite: made before its tests, stopped (and the engine closed) after them. Call the result for both (and
 * for the engine, to open a second instance on it). `env` goes to the test kit (TRUST_PROXY, BASE_PATH…).
 */
export function useStorefrontOn(
  open: () => Promise<MigratedDatabase>,
  env?: Record<string, string>,
): () => { app: TestApp; db: Database; engine: MigratedDatabase } {
  let engine: MigratedDatabase | undefined;
  const database = useMigratedDatabase(async () => {
    engine = await open();
    return engine;
  });
  let app: TestApp | undefined;
  beforeAll(() => {
    app = createTestApp(
      { app: storefront, server: storefrontServer },
      { services: shopServicesOn(database()), env },
    );
  });
  afterAll(() => app?.stop());
  return () => {
    if (!app || !engine) throw new Error('The storefront is made before the tests of the suite');
    return { app, db: database(), engine };
  };
}

/**
 * A second instance of the storefront on the same engine: its own pool on the same Postgres server, or the
 * same embedded database (one process holds it). Close it after use.
 */
export function secondStorefront(
  engine: MigratedDatabase,
  env?: Record<string, string>,
): { app: TestApp; close(): Promise<void> } {
  const db = engine.url ? openPostgresDatabase(engine.url, { max: 5 }) : engine.db;
  const app = createTestApp(
    { app: storefront, server: storefrontServer },
    { services: shopServicesOn(db), env },
  );
  return {
    app,
    async close() {
      await app.stop();
      if (db !== engine.db) await db.close();
    },
  };
}

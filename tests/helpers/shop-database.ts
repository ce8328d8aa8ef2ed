import { inject } from 'vitest';
import type { ShopServices } from '../../apps/storefront/server/services.ts';
import { shopMigrations } from '../../apps/storefront/server/shop-migrations.ts';
import type { Database } from '../../server/database/database.ts';
import { watchDatabase } from '../../server/database/database-health.ts';
import { databaseSnapshotIn } from '../../server/database/database-snapshot.ts';
import { openEmbeddedDatabase } from '../../server/database/embedded-database.ts';
import { migrate } from '../../server/database/migrate.ts';
import { closeAfterFile } from './after-file.ts';
import { captureLogger } from './capture-logger.ts';

let shared: Promise<ShopServices> | undefined;

/** A low scrypt cost (1 MiB, about 1 ms): these tests check the accounts' rules; password-hash.test checks today's cost. */
const TEST_PASSWORD_COST = { log2N: 10, r: 8, p: 1 };

/** The storefront's services over a database a test opened (and closes). */
export function shopServicesOn(db: Database): ShopServices {
  return { db: watchDatabase(db, captureLogger()), passwordCost: TEST_PASSWORD_COST };
}

/**
 * A migrated in-memory shop database, made from the database snapshot of the run's build (global setup), as
 * a server's new DATA_DIR is: loading it skips PGlite's initdb and the migrations it holds.
 */
export async function openShopDatabase(): Promise<Database> {
  const db = await openEmbeddedDatabase(undefined, { snapshot: databaseSnapshotIn(inject('buildDir')) });
  await migrate(db, shopMigrations);
  return db;
}

/**
 * The storefront's services over one migrated in-memory database per test file, shared by the file's apps.
 * Each visitor gets a cart of their own, so tests do not collide.
 */
export function testShopServices(): Promise<ShopServices> {
  if (!shared) {
    const opened = (async () => shopServicesOn(await openShopDatabase()))();
    shared = opened;
    closeAfterFile(async () => {
      shared = undefined;
      await (await opened).db.close();
    });
  }
  return shared;
}

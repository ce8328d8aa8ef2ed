import type { WatchedDatabase } from '../db/database-health.ts';
import { openConfiguredDatabase, refuseSharedEmbeddedDatabase } from '../db/open-database.ts';
import type { AppServices, ServicesDefinition } from '../server-app-definition.ts';
import { shopMigrations } from './shop-migrations.ts';

/** What the storefront's data steps, actions and resources find in `context.services`. */
export interface ShopServices {
  /** The shop's database: the catalogue, carts and orders. */
  db: WatchedDatabase;
}

/**
 * The shop's database from a step's, action's or resource's context. The storefront shares this repository
 * with other apps (tests, fixtures), so it reads its services here instead of augmenting AppServices.
 */
export function shopDatabase({ services }: { services: AppServices }): WatchedDatabase {
  const { db } = services as Partial<ShopServices>;
  if (!db)
    throw new Error('The storefront runs with its services (server/storefront/services.ts): none were given');
  return db;
}

/**
 * The storefront's database, opened and migrated once per process: embedded (DATA_DIR) by default, the
 * Postgres server at DATABASE_URL when set. /readyz follows whether it answers; SIGTERM closes it last.
 */
export const storefrontServices: ServicesDefinition = {
  checkConfig: refuseSharedEmbeddedDatabase,
  start: async ({ config, logger }): Promise<ShopServices> => ({
    db: await openConfiguredDatabase(config, logger, shopMigrations),
  }),
  isReady: (services) => shopDatabase({ services }).isAvailable(),
  stop: (services) => shopDatabase({ services }).close(),
};

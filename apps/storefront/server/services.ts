import { openConfiguredDatabase, type WatchedDatabase } from '#runtime/database';
import type { ServicesDefinition } from '#runtime/server';
import { refuseSharedEmbeddedDatabase, type ShopConfig } from './config.ts';
import { shopMigrations } from './shop-migrations.ts';

/** What the storefront's data steps, actions and resources find in `context.services`. */
export interface ShopServices {
  /** The shop's database: the catalogue, carts and orders. */
  db: WatchedDatabase;
}

/**
 * The storefront's database, opened and migrated once per process: embedded (DATA_DIR) by default, the
 * Postgres server at DATABASE_URL when set. /readyz follows whether it answers; SIGTERM closes it last.
 */
// #region storefront-services
export const storefrontServices: ServicesDefinition<ShopServices, ShopConfig> = {
  checkConfig: refuseSharedEmbeddedDatabase,
  start: async ({ appConfig, logger }) => ({
    db: await openConfiguredDatabase(appConfig, logger, shopMigrations),
  }),
  isReady: ({ db }) => db.isAvailable(),
  stop: ({ db }) => db.close(),
};
// #endregion storefront-services

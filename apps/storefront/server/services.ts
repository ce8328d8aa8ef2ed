import { openConfiguredDatabase, type WatchedDatabase, writeDatabaseSnapshot } from '#runtime/database';
import type { ServicesDefinition } from '#runtime/server';
import type { ScryptCost } from './accounts/password-hash.ts';
import { refuseSharedEmbeddedDatabase, type ShopConfig } from './config.ts';
import { shopMigrations } from './shop-migrations.ts';

/** What the storefront's data steps, actions and resources find in `context.services`. */
export interface ShopServices {
  /** The shop's database: the catalogue, carts and orders. */
  db: WatchedDatabase;
  /**
   * The cost of new password hashes, `SCRYPT_COST` when absent (the server never sets it). Integration
   * tests lower it, as Rails' `min_cost` does in its test environment: they sign up and in by the hundred,
   * and what they test is the accounts' rules, not scrypt's work factor (its own tests use today's).
   */
  passwordCost?: ScryptCost;
}

/**
 * The storefront's database, opened and migrated once per process: embedded (DATA_DIR) by default, a new
 * one made from the build's snapshot of the migrations, or the Postgres server at DATABASE_URL when set. /readyz follows whether it answers; SIGTERM closes it last.
 */
// #region storefront-services
export const storefrontServices: ServicesDefinition<ShopServices, ShopConfig> = {
  checkConfig: refuseSharedEmbeddedDatabase,
  prepareBuild: ({ buildDir }) => writeDatabaseSnapshot(buildDir, shopMigrations),
  start: async ({ appConfig, logger, buildDir }) => ({
    db: await openConfiguredDatabase(appConfig, logger, shopMigrations, { buildDir }),
  }),
  isReady: ({ db }) => db.isAvailable(),
  stop: ({ db }) => db.close(),
};
// #endregion storefront-services

import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../definition/logger.ts';
import { type Database, DatabaseUnavailableError } from './database.ts';
import { type WatchedDatabase, watchDatabase } from './database-health.ts';
import { databaseSnapshotIn } from './database-snapshot.ts';
import { openEmbeddedDatabase } from './embedded-database.ts';
import { type Migration, migrate } from './migrate.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** The longest wait between two tries to migrate a database that cannot be reached yet. */
const MAX_RETRY_DELAY_MS = 5_000;

/**
 * Where an app's database is: a Postgres server's URL, else the embedded engine's folder. An app reads the
 * two from its own environment (DATABASE_URL, DATA_DIR) in its `readConfig`.
 */
export interface DatabaseLocation {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Where the build being served is (`ServicesStart.buildDir`): its database snapshot starts a new DATA_DIR. */
export interface OpenDatabaseOptions {
  buildDir?: string;
}

/**
 * The database `location` names, migrated and watched: the Postgres server at its URL, else the embedded
 * one in its folder. A new embedded database starts from the build's snapshot when there is one
 * (writeDatabaseSnapshot, from the app's `services.prepareBuild`), then gets the migrations it lacks. A
 * server that cannot be reached yet (it starts after us) is tried again until it answers; meanwhile /readyz
 * answers 503 and a page waits at most its render deadline (then 503). Another failure (a migration's SQL)
 * rejects, with the database closed. Call it from the app's `services.start()`.
 *
 * @example
 * export const services: ServicesDefinition<{ db: WatchedDatabase }, AppConfig> = {
 *   prepareBuild: ({ buildDir }) => writeDatabaseSnapshot(buildDir, migrations),
 *   start: async ({ appConfig, logger, buildDir }) => ({
 *     db: await openConfiguredDatabase(appConfig, logger, migrations, { buildDir }),
 *   }),
 *   isReady: ({ db }) => db.isAvailable(),
 *   stop: ({ db }) => db.close(),
 * };
 */
export async function openConfiguredDatabase(
  config: DatabaseLocation,
  logger: Logger,
  migrations: readonly Migration[],
  { buildDir }: OpenDatabaseOptions = {},
): Promise<WatchedDatabase> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl)
    : await openEmbedded(config.dataDir, buildDir, logger);
  try {
    await migrateWhenReachable(db, migrations, logger);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return watchDatabase(db, logger);
}

async function openEmbedded(dataDir: string, buildDir: string | undefined, logger: Logger) {
  const snapshot = buildDir === undefined ? undefined : databaseSnapshotIn(buildDir);
  const db = await openEmbeddedDatabase(dataDir, { snapshot });
  if (db.fromSnapshot)
    logger.info({ dataDir, snapshot }, "a new embedded database, from the build's snapshot");
  return db;
}

async function migrateWhenReachable(db: Database, migrations: readonly Migration[], logger: Logger) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const applied = await migrate(db, migrations);
      logger.info({ engine: db.engine, applied }, 'the database is migrated');
      return;
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      const retryInMs = Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** attempt);
      logger.warn(
        { detail: error.message, attempt, retryInMs },
        'the database is unreachable: migrating later',
      );
      await sleep(retryInMs);
    }
  }
}

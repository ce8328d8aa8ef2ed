import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../monitoring/logger.ts';
import { type Config, ConfigError } from '../process/config.ts';
import { type Database, DatabaseUnavailableError } from './database.ts';
import { type WatchedDatabase, watchDatabase } from './database-health.ts';
import { openEmbeddedDatabase } from './embedded-database.ts';
import { type Migration, migrate } from './migrate.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** The longest wait between two tries to migrate a database that cannot be reached yet. */
const MAX_RETRY_DELAY_MS = 5_000;

/**
 * The database the config names, migrated and watched: the Postgres server at DATABASE_URL, else the
 * embedded one in DATA_DIR. A server that cannot be reached yet (it starts after us) is tried again until it
 * answers; meanwhile /readyz answers 503 and a page waits at most its render deadline (then 503).
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  logger: Logger,
  migrations: readonly Migration[],
): Promise<WatchedDatabase> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl)
    : await openEmbeddedDatabase(config.dataDir);
  try {
    await migrateWhenReachable(db, migrations, logger);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return watchDatabase(db, logger);
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

/**
 * Refuses, at start, workers that would share the embedded database: PGlite runs in one process, and the
 * data directory is locked while open. Workers need a Postgres server they all reach.
 */
export function refuseSharedEmbeddedDatabase(config: Pick<Config, 'databaseUrl' | 'webConcurrency'>): void {
  if (config.databaseUrl || config.webConcurrency <= 1) return;
  throw new ConfigError(
    'WEB_CONCURRENCY',
    String(config.webConcurrency),
    'workers cannot share the embedded database (DATA_DIR), which one process opens at a time: set WEB_CONCURRENCY=1, or set DATABASE_URL to a Postgres server every worker reaches',
  );
}

import { afterAll, beforeAll } from 'vitest';
import { shopMigrations } from '../../apps/storefront/server/shop-migrations.ts';
import type { Database } from '../../server/database/database.ts';
import { openEmbeddedDatabase } from '../../server/database/embedded-database.ts';
import { type Migration, migrate } from '../../server/database/migrate.ts';
import { openPostgresDatabase } from '../../server/database/postgres-database.ts';
import { postgresBinDir, startPostgresServer } from './postgres-server.ts';
import { openShopDatabase } from './shop-database.ts';

/** A migrated database of one engine, and how to close it (and its throwaway server). */
export interface MigratedDatabase {
  db: Database;
  /** A Postgres server's URL, for a second pool on it (a second app instance); none for PGlite. */
  url?: string;
  close(): Promise<void>;
}

/**
 * The engines the shop's SQL must work on, for `describe.each`: PGlite in memory always, and a throwaway
 * Postgres server from Debian's package when it is installed (.ci/run installs it). Each opens migrated,
 * by the shop's migrations or the ones given (the first few, to test the next one on old rows).
 */
export async function databaseEngines(
  migrations: readonly Migration[] = shopMigrations,
): Promise<[string, () => Promise<MigratedDatabase>][]> {
  const migrated = async (db: Database) => {
    await migrate(db, migrations);
    return db;
  };
  const engines: [string, () => Promise<MigratedDatabase>][] = [
    [
      'the embedded database (PGlite)',
      async () => {
        // The run's snapshot holds every shop migration: fewer are applied to a new database instead.
        const db =
          migrations === shopMigrations
            ? await openShopDatabase()
            : await migrated(await openEmbeddedDatabase());
        return { db, close: () => db.close() };
      },
    ],
  ];
  const binDir = await postgresBinDir();
  if (binDir) {
    engines.push([
      'a Postgres server',
      async () => {
        const server = await startPostgresServer(binDir);
        const db = await migrated(openPostgresDatabase(server.url, { max: 20 }));
        return {
          db,
          url: server.url,
          async close() {
            await db.close();
            await server.destroy();
          },
        };
      },
    ]);
  }
  return engines;
}

/** Opens the engine before the suite's tests and closes it after them; call the result for the database. */
export function useMigratedDatabase(open: () => Promise<MigratedDatabase>): () => Database {
  let engine: MigratedDatabase | undefined;
  beforeAll(async () => {
    engine = await open();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });
  return () => {
    if (!engine) throw new Error('The database is opened before the tests of the suite');
    return engine.db;
  };
}

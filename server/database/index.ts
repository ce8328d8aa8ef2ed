/**
 * The database support, an optional public entry (`#runtime/database`) that an app opts into from its
 * services: an embedded Postgres (PGlite) in a data folder by default, a Postgres server through a URL, SQL
 * migrations, and LISTEN/NOTIFY. The rest of the runtime knows nothing of it: a value the database refuses
 * reaches the core as an HttpError (RefusedInputError, 422), which the app may turn into what its pages mean.
 */
export {
  type ChannelListener,
  type Database,
  DatabaseUnavailableError,
  type Queryable,
  type QueryOptions,
} from './database.ts';
export { type WatchedDatabase, watchDatabase } from './database-health.ts';
export { databaseSessionStore, sessionTableMigration } from './database-session-store.ts';
export { writeDatabaseSnapshot } from './database-snapshot.ts';
export { defineMigrations, type Migration } from './migrate.ts';
export { type DatabaseLocation, type OpenDatabaseOptions, openConfiguredDatabase } from './open-database.ts';
export { RefusedInputError } from './refused-input.ts';

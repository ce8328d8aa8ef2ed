import { type Database, DatabaseUnavailableError } from './database.ts';

/**
 * A plain SQL migration: `NNNN-what-it-does.sql`, applied in the order of its number, once per database,
 * all pending ones in one transaction when the app starts. Made by `defineMigrations()`.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATION_FILE = /^(\d{4})-[a-z0-9-]+\.sql$/;
/** Any fixed number: the advisory lock every instance takes before it looks at the migrations. */
const MIGRATION_LOCK = 7_263_001;

/**
 * The migrations from their files' names and texts, by number; throws on a name that is not NNNN-*.sql or a
 * number used twice. Apps import the files' texts (`import schema from './0001-schema.sql?raw'`), so the
 * migrations ship inside the server bundle.
 *
 * @example
 * import schema from './migrations/0001-schema.sql?raw';
 * import seed from './migrations/0002-seed.sql?raw';
 * export const migrations = defineMigrations({ '0001-schema.sql': schema, '0002-seed.sql': seed });
 */
export function defineMigrations(files: Readonly<Record<string, string>>): Migration[] {
  const migrations: Migration[] = [];
  for (const name of Object.keys(files).sort()) {
    const match = MIGRATION_FILE.exec(name);
    if (!match) throw new Error(`${name}: a migration is named NNNN-what-it-does.sql`);
    const version = Number(match[1]);
    if (migrations.some((migration) => migration.version === version))
      throw new Error(`${name}: migration number ${version} is used twice`);
    migrations.push({ version, name, sql: files[name] as string });
  }
  return migrations;
}

/**
 * Applies the migrations `db` has not had yet, in order, in one transaction under an advisory lock: two
 * instances starting at once apply them once (the second waits, then finds them done), and a failing one
 * leaves the database as it was. Resolves with the names applied now.
 */
export function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  return db.transaction(async (transaction) => {
    await transaction.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await transaction.execute(
      'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const rows = await transaction.query<{ version: number }>('select version from schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      try {
        await transaction.execute(migration.sql);
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) throw error;
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await transaction.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.name);
    }
    return applied;
  });
}

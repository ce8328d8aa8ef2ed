import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openEmbeddedDatabase } from './embedded-database.ts';
import { type Migration, migrate } from './migrate.ts';

/** The snapshot's file in a build's folder, and the file naming what it was made from. */
const SNAPSHOT_FILE = 'database-snapshot.tar.gz';
const SNAPSHOT_KEY_FILE = 'database-snapshot.key';

/** The database snapshot of the build in `buildDir` (written by writeDatabaseSnapshot); it may be absent. */
export function databaseSnapshotIn(buildDir: string): string {
  return path.join(buildDir, SNAPSHOT_FILE);
}

/**
 * What a snapshot is made from: the engine's version (a data directory is one PGlite version's) and every
 * migration's number, name and text. A snapshot whose key matches is the one this build would make.
 */
async function snapshotKey(migrations: readonly Migration[]): Promise<string> {
  const pglitePackage = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string };
  const hash = createHash('sha256').update(`pglite ${version}\n`);
  for (const { version: number, name, sql } of migrations) hash.update(`${number} ${name}\n${sql}\n`);
  return hash.digest('hex');
}

/**
 * Writes into `buildDir` an embedded database with `migrations` applied, for `openConfiguredDatabase` to
 * start a new DATA_DIR from (`{ buildDir }`): a new database then skips initdb and the migrations the
 * snapshot holds, and still gets any newer one at start. Call it from the app's `services.prepareBuild`.
 * Kept when the snapshot there was made from the same migrations and engine. Resolves with what it did.
 *
 * @example
 * prepareBuild: ({ buildDir }) => writeDatabaseSnapshot(buildDir, migrations),
 */
export async function writeDatabaseSnapshot(
  buildDir: string,
  migrations: readonly Migration[],
): Promise<'made' | 'kept'> {
  const file = databaseSnapshotIn(buildDir);
  const keyFile = path.join(buildDir, SNAPSHOT_KEY_FILE);
  const key = await snapshotKey(migrations);
  const [keptKey, kept] = await Promise.all([
    readFile(keyFile, 'utf8').catch(() => ''),
    stat(file).then(
      () => true,
      () => false,
    ),
  ]);
  if (kept && keptKey === key) return 'kept';
  const db = await openEmbeddedDatabase();
  try {
    await migrate(db, migrations);
    await mkdir(buildDir, { recursive: true });
    // Whole or not at all: a server starting meanwhile never loads half a file.
    await writeFile(`${file}.partial`, await db.dump());
    await rename(`${file}.partial`, file);
    await writeFile(keyFile, key);
  } finally {
    await db.close();
  }
  return 'made';
}

import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCatalogueVersion } from '../../apps/storefront/server/catalogue-version.ts';
import type { Database } from '../../server/database/database.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

const VERSION_ROW = 'select version::text as version from catalogue_version';

/** The database, counting the statements that read the version's row (each test its own: the version is kept per database). */
function countingVersionReads(db: Database) {
  const counted = { reads: 0 };
  const counting: Database = {
    ...db,
    engine: db.engine,
    query: (sql, params, options) => {
      if (sql === VERSION_ROW) counted.reads += 1;
      return db.query(sql, params, options);
    },
  };
  return { db: counting, counted };
}

async function rowVersion(db: Database): Promise<string> {
  const [row] = await db.query<{ version: string }>(VERSION_ROW);
  return row?.version ?? '';
}

/** Reads until the version is `expected`, for at most `withinMs`; the last version read. */
async function readUntil(db: Database, expected: string, withinMs: number): Promise<string> {
  let version = await readCatalogueVersion(db);
  for (let waited = 0; version !== expected && waited < withinMs; waited += 20) {
    await sleep(20);
    version = await readCatalogueVersion(db);
  }
  return version;
}

/** Reads until a read is answered from memory, for at most 5 s: listening has started. */
async function untilKept(db: Database, counted: { reads: number }): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt++) {
    const reads = counted.reads;
    await readCatalogueVersion(db);
    if (counted.reads === reads) return;
    await sleep(20);
  }
  throw new Error('The version was never kept in memory');
}

const changePrice = (db: Database) =>
  db.query("update products set price_cents = price_cents + 1 where id = 'chef-knife-20cm'");

describe.each(await databaseEngines())('the catalogue’s version on %s', (engine, open) => {
  const database = useMigratedDatabase(open);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is read once, then follows every change the database announces without reading it again', async () => {
    const { db, counted } = countingVersionReads(database());
    expect(await readCatalogueVersion(db)).toBe(await rowVersion(database()));
    expect(counted.reads).toBe(1);
    // The first read starts listening; once listening, a read is kept.
    await untilKept(db, counted);
    const readsWhenKept = counted.reads;
    for (let change = 0; change < 3; change++) {
      await changePrice(db);
      const changed = await rowVersion(database());
      // The embedded engine announces before the update resolves; a server's comes a moment later.
      if (engine.includes('PGlite')) expect(await readCatalogueVersion(db)).toBe(changed);
      expect(await readUntil(db, changed, 5_000)).toBe(changed);
    }
    expect(counted.reads).toBe(readsWhenKept);
  });

  it('reads the row again after 5 s without an announcement', async () => {
    const { db, counted } = countingVersionReads(database());
    await untilKept(db, counted);
    const reads = counted.reads;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_001);
    await readCatalogueVersion(db);
    expect(counted.reads).toBe(reads + 1);
  });

  it.runIf(engine.includes('Postgres'))(
    'reads the row while its listening connection is broken, so a change it could not hear shows',
    async () => {
      const { db, counted } = countingVersionReads(database());
      await untilKept(db, counted);
      const reads = counted.reads;
      await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where pid <> pg_backend_pid() and query = 'listen catalogue_version'`,
      );
      // Changed while nobody listens: no announcement reaches this process.
      await changePrice(db);
      const changed = await rowVersion(database());
      // Sooner than listening again (250 ms after the loss at the earliest) and than the 5 s a kept version
      // is trusted: only hearing that the connection was lost can explain a new read.
      expect(await readUntil(db, changed, 200)).toBe(changed);
      expect(counted.reads).toBeGreaterThan(reads);
    },
    30_000,
  );
});

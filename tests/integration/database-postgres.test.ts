import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMigrations } from '../../apps/storefront/server/shop-migrations.ts';
import {
  type Database,
  DatabaseUnavailableError,
  QueryAbortedError,
} from '../../server/database/database.ts';
import { migrate } from '../../server/database/migrate.ts';
import { openPostgresDatabase } from '../../server/database/postgres-database.ts';
import {
  POSTGRES_MISSING,
  type PostgresServer,
  postgresBinDir,
  startPostgresServer,
} from '../helpers/postgres-server.ts';

const binDir = await postgresBinDir();

describe.skipIf(!binDir)(`a Postgres server through pg${binDir ? '' : ` (${POSTGRES_MISSING})`}`, () => {
  let server: PostgresServer;
  const opened: Database[] = [];
  const open = () => {
    const db = openPostgresDatabase(server.url, { max: 4 });
    opened.push(db);
    return db;
  };
  beforeAll(async () => {
    server = await startPostgresServer(binDir as string);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close().catch(() => {})));
    await server?.destroy();
  });

  it('applies the migrations once when two instances start at once', async () => {
    const migrations = shopMigrations;
    const [first, second] = await Promise.all([migrate(open(), migrations), migrate(open(), migrations)]);
    // One of them applied everything; the other waited for the lock, then found nothing left to do.
    expect([first, second].map((applied) => applied.length).sort()).toEqual([0, migrations.length]);
    const recorded = await open().query<{ count: number }>(
      'select count(*)::int as count from schema_migrations',
    );
    expect(recorded).toEqual([{ count: migrations.length }]);
  });

  it('cancels a running query when its request ends', async () => {
    const db = open();
    const controller = new AbortController();
    const started = Date.now();
    const sleeping = db.query('select pg_sleep(10)', [], { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(sleeping).rejects.toThrow(QueryAbortedError);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The connection is usable again.
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('says the database is unavailable while the server is down, and recovers when it is back', async () => {
    const db = open();
    await db.ping();
    server.stop();
    try {
      await expect(db.ping()).rejects.toThrow(DatabaseUnavailableError);
    } finally {
      server.start();
    }
    // The pool drops the broken connections and opens new ones by itself.
    let answered = false;
    for (let attempt = 0; attempt < 20 && !answered; attempt++) {
      answered = await db.ping().then(
        () => true,
        () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100)),
      );
    }
    expect(answered).toBe(true);
  }, 30_000);
});

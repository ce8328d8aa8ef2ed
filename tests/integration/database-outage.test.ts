import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import type { ShopServices } from '../../apps/storefront/server/services.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import type { Database } from '../../server/database/database.ts';
import { openPostgresDatabase } from '../../server/database/postgres-database.ts';
import { createTestApp, type TestApp } from '../../server/test-kit.ts';
import {
  POSTGRES_MISSING,
  type PostgresServer,
  postgresBinDir,
  startPostgresServer,
} from '../helpers/postgres-server.ts';

const binDir = await postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it is true, for at most `ms`; resolves with its last answer. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

describe.skipIf(!binDir)('the storefront on a Postgres server that goes away and comes back', () => {
  let postgres: PostgresServer;
  let app: TestApp;
  let observer: Database;
  const statusOf = async (path: string) => (await request(app.server).get(path)).status;

  beforeAll(async () => {
    postgres = await startPostgresServer(binDir as string);
    observer = openPostgresDatabase(postgres.url, { max: 1 });
    // The storefront's own services: the pool for DATABASE_URL, migrated at start.
    app = createTestApp(
      { app: storefront, server: storefrontServer },
      {
        env: { DATABASE_URL: postgres.url },
        renderTimeoutMs: 1_000,
        dataSteps: {
          // Stands in for a slow query, then a second one that must never start once the request is gone.
          help: async (context) => {
            const { db } = context.services as ShopServices;
            await db.query('select pg_sleep(30)', [], { signal: context.signal });
            await db.query("insert into categories (id) values ('after-the-request')", [], {
              signal: context.signal,
            });
            return { sections: [] };
          },
        },
      },
    );
    expect(await within(15_000, async () => (await statusOf('/readyz')) === 200)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await observer?.close();
    await postgres?.destroy();
  });

  const sleepingQueries = async () =>
    (
      await observer.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'",
      )
    )[0]?.count;

  it('answers the 503 page (reported once), /readyz 503 and /healthz 200 while down, and recovers by itself', async () => {
    expect(await statusOf('/shop')).toBe(200);
    postgres.stop();
    const down = await request(app.server).get('/shop/kitchen');
    expect(down.status).toBe(503);
    expect(down.text).toContain('503: Service Unavailable.');
    expect(down.text).not.toMatch(/ECONNREFUSED|\.ts:\d+/);
    expect(app.reported.map((report) => (report.error as Error).name)).toEqual(['DatabaseUnavailableError']);
    expect(await within(5_000, async () => (await statusOf('/readyz')) === 503)).toBe(true);
    expect(await statusOf('/healthz')).toBe(200);

    postgres.start();
    expect(await within(15_000, async () => (await statusOf('/readyz')) === 200)).toBe(true);
    expect(await statusOf('/shop/kitchen')).toBe(200);
    expect(app.logs.map((entry) => entry.message)).toEqual(
      expect.arrayContaining(['the database is unreachable', 'the database answers again']),
    );
  }, 60_000);

  it('cancels a query at the request deadline, and starts no further query', async () => {
    const started = Date.now();
    const response = await request(app.server).get('/help');
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await within(2_000, async () => (await sleepingQueries()) === 0)).toBe(true);
    expect(await observer.query("select id from categories where id = 'after-the-request'")).toEqual([]);
  }, 30_000);

  it('cancels the query of a client that went away, and starts no further query', async () => {
    const server = http.createServer(app.server).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = http.get({ host: '127.0.0.1', port, path: '/help' });
      client.on('error', () => {});
      expect(await within(2_000, async () => (await sleepingQueries()) === 1)).toBe(true);
      client.destroy();
      expect(await within(2_000, async () => (await sleepingQueries()) === 0)).toBe(true);
      await sleep(300);
      expect(await observer.query("select id from categories where id = 'after-the-request'")).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);
});

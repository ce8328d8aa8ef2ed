import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  type ChannelListener,
  DatabaseUnavailableError,
  type Queryable,
} from '../../server/database/database.ts';
import { openPostgresDatabase } from '../../server/database/postgres-database.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

/** A listener that records what it hears. */
function recorder() {
  const heard: string[] = [];
  const listener: ChannelListener = {
    onNotify: (payload) => heard.push(payload),
    onLost: () => heard.push('(lost)'),
    onListening: () => heard.push('(listening)'),
  };
  return { heard, listener };
}

/** Waits, at most 5 s, until `done()`; a Postgres server's notifications come over another connection. */
async function until(done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 250 && !done(); attempt++) await sleep(20);
}

describe.each(await databaseEngines())('LISTEN and NOTIFY on %s', (engine, open) => {
  const database = useMigratedDatabase(open);
  const notify = (db: Queryable, channel: string, payload: string) =>
    db.query('select pg_notify($1, $2)', [channel, payload]);

  it('hears every notification on its channel, from a statement or a trigger, and none after it stops', async () => {
    const db = database();
    const { heard, listener } = recorder();
    const other = recorder();
    const stop = await db.listen('prices', listener);
    await db.listen('other_channel', other.listener);
    await notify(db, 'prices', 'first');
    await notify(db, 'other_channel', 'not for prices');
    // The embedded engine delivers before the statement resolves; a server's come a moment later.
    if (engine.includes('PGlite')) expect(heard).toEqual(['first']);
    await until(() => heard.length === 1 && other.heard.length === 1);
    expect(heard).toEqual(['first']);

    await stop();
    await notify(db, 'prices', 'after stopping');
    await notify(db, 'other_channel', 'still listening');
    await until(() => other.heard.length === 2);
    expect(other.heard).toEqual(['not for prices', 'still listening']);
    expect(heard).toEqual(['first']);
  });

  it('hears a transaction’s notifications when it commits, and none of one rolled back', async () => {
    const db = database();
    const { heard, listener } = recorder();
    await db.listen('orders_placed', listener);
    await expect(
      db.transaction(async (transaction) => {
        await notify(transaction, 'orders_placed', 'rolled back');
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    await db.transaction(async (transaction) => {
      await notify(transaction, 'orders_placed', 'committed');
      expect(heard).toEqual([]);
    });
    await until(() => heard.length > 0);
    expect(heard).toEqual(['committed']);
  });

  it('refuses a channel that is not a lowercase identifier, and keeps working', async () => {
    const db = database();
    for (const channel of ['', 'Prices', 'prices; drop table products', 'a-b', '"quoted"', 'x'.repeat(64)]) {
      await expect(db.listen(channel, recorder().listener), channel).rejects.toThrow(TypeError);
    }
    expect(await db.query('select count(*)::int as count from products')).toEqual([{ count: 53 }]);
  });

  it.runIf(engine.includes('Postgres'))(
    'says when its connection broke and when it listens again, and hears what comes after',
    async () => {
      const db = database();
      const { heard, listener } = recorder();
      await db.listen('stock_changed', listener);
      // Only the listening connection is cut: the pool's stay, as when a proxy drops an idle connection.
      await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where pid <> pg_backend_pid() and query = 'listen stock_changed'`,
      );
      await until(() => heard.includes('(listening)'));
      expect(heard).toEqual(['(lost)', '(listening)']);
      await notify(db, 'stock_changed', 'after reconnecting');
      await until(() => heard.length === 3);
      expect(heard).toEqual(['(lost)', '(listening)', 'after reconnecting']);
    },
    30_000,
  );
});

describe('LISTEN on a Postgres server that cannot be reached', () => {
  it('rejects with DatabaseUnavailableError, keeps nothing half-open, and closes', async () => {
    // A port that was free a moment ago: nothing accepts connections there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const db = openPostgresDatabase(`postgres://nobody@127.0.0.1:${port}/shop`);
    try {
      const { heard, listener } = recorder();
      await expect(db.listen('prices', listener)).rejects.toThrow(DatabaseUnavailableError);
      await expect(db.listen('prices', listener)).rejects.toThrow(DatabaseUnavailableError);
      expect(heard).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

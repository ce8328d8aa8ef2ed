import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';
import type { Database } from '../../server/database/database.ts';
import { openPostgresDatabase } from '../../server/database/postgres-database.ts';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { freePorts } from '../helpers/free-ports.ts';
import { idempotencyKeyOf } from '../helpers/idempotency-key.ts';
import {
  POSTGRES_MISSING,
  type PostgresServer,
  postgresBinDir,
  startPostgresServer,
} from '../helpers/postgres-server.ts';
import { parseAccessLog } from './access-log.ts';
import { LOAD_LOOPS, runLoad, silentWindowsOf, WINDOW_MS } from './load-loops.ts';
import { ensureNginx, type Nginx, startNginx } from './nginx.ts';
import { runOrders } from './order-loops.ts';
import { cartCookieOf, getPage, postForm, timeStream } from './requests.ts';

const COOKIE_SECRET = 'scale-out-secret-scale-out-secret-42';
const KNIFE = 'chef-knife-20cm';
const LAMP = 'brass-table-lamp';
const ADDRESS = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  street: '12 St James Square',
  postcode: 'SW1Y 4JH',
  city: 'London',
  country: 'GB',
};
/** Load runs this long before the restart, and this long after the restarted instance is listening. */
const LOAD_BEFORE_RESTART_MS = 1_500;
const LOAD_AFTER_RESTART_MS = 3_000;
/** A SIGTERMed instance must have exited within this. */
const STOP_LIMIT_MS = 15_000;

describe('two instances behind nginx, on one Postgres server', () => {
  let workDir: string;
  let nginx: Nginx | undefined;
  let postgres: PostgresServer | undefined;
  let observer: Database | undefined;
  const ports = { a: 0, b: 0, nginx: 0 };
  const instances: { a?: BuiltServer; b?: BuiltServer } = {};
  const startInstance = (port: number) =>
    startBuiltServer({
      PORT: String(port),
      COOKIE_SECRET,
      TRUST_PROXY: 'loopback',
      DATABASE_URL: postgres?.url ?? '',
    });

  beforeAll(async () => {
    const nginxPath = await ensureNginx();
    const postgresBin = await postgresBinDir();
    if (!postgresBin) throw new Error(POSTGRES_MISSING);
    postgres = await startPostgresServer(postgresBin);
    observer = openPostgresDatabase(postgres.url, { max: 1 });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'scale-out-'));
    const [a = 0, b = 0, proxy = 0] = await freePorts(3);
    Object.assign(ports, { a, b, nginx: proxy });
    [instances.a, instances.b] = await Promise.all([startInstance(ports.a), startInstance(ports.b)]);
    nginx = await startNginx(nginxPath, workDir, ports.nginx, [ports.a, ports.b]);
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([instances.a, instances.b].map((instance) => instance && stopBounded(instance)));
    await observer?.close();
    await postgres?.destroy();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('shares the cart across instances: added on A, read on B and through nginx, extended through nginx', async () => {
    const a = instances.a!;
    const b = instances.b!;
    const proxy = nginx!;

    const added = await postForm(`${a.origin}/products/${KNIFE}`, {
      _action: 'add-to-cart',
      productId: KNIFE,
      quantity: '2',
    });
    expect(added.status).toBe(303);
    const cookie = cartCookieOf(added);
    expect(cookie).toMatch(/^cart=s%3A/);

    for (const origin of [b.origin, proxy.origin]) {
      const cart = await getPage(`${origin}/cart`, cookie);
      expect(cart.status, origin).toBe(200);
      expect(cart.body, origin).toContain('Chef knife 20 cm');
      expect(cart.body, origin).toContain('€178.00'); // 2 × €89.00
    }

    // A form post through the proxy, as a browser sends it (Origin = the address it sees): the forwarded
    // Host must let the origin check pass, and the new cart must be readable on both instances.
    const more = await postForm(
      `${proxy.origin}/products/${LAMP}`,
      { _action: 'add-to-cart', productId: LAMP, quantity: '1' },
      { Cookie: cookie, Origin: proxy.origin },
    );
    expect(more.status, await proxy.errorLog()).toBe(303);
    expect(cartCookieOf(more)).toBe(cookie);
    for (const origin of [a.origin, b.origin]) {
      const cart = await getPage(`${origin}/cart`, cookie);
      expect(cart.body, origin).toContain('Chef knife 20 cm');
      expect(cart.body, origin).toContain('Brass table lamp');
    }

    // Filled through A and nginx, checked out through B; the order is then A's to show, the cart empty.
    const form = await getPage(`${b.origin}/checkout`, cookie);
    const order = await postForm(
      `${b.origin}/checkout`,
      { _action: 'place-order', [IDEMPOTENCY_FIELD]: idempotencyKeyOf(form.body), ...ADDRESS },
      { Cookie: cookie, Origin: b.origin },
    );
    expect(order.status).toBe(303);
    const confirmation = await getPage(`${a.origin}${order.headers.get('location')}`, cookie);
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toContain('€307.00'); // 2 × €89.00 + €129.00
    expect((await getPage(`${a.origin}/cart`, cookie)).body).toContain('Your cart is empty');
  });

  it('streams a private data answer through nginx: its first line arrives before the deferred related products', async () => {
    const proxy = nginx!.origin;
    const buildId = /"buildId":"([^"]+)"/.exec((await getPage(`${proxy}/products/${KNIFE}`, '')).body)?.[1];
    // Without X-Keep-Segments the answer carries the root's per-visitor data: private, and streamed.
    const timing = await timeStream(`${proxy}/_data/${buildId}/products/${KNIFE}`);
    expect(timing.status).toBe(200);
    expect(timing.body).toContain('"type":"deferred"');
    // The related products are deferred by RELATED_PRODUCTS_DELAY_MS (500 ms); a buffering proxy (or a
    // buffering compressor) would deliver everything at once at the end.
    expect(
      timing.endMs - timing.firstChunkMs,
      `first chunk at ${timing.firstChunkMs} ms, end at ${timing.endMs} ms`,
    ).toBeGreaterThanOrEqual(150);
  });

  it('loses no request and no order while one instance restarts under load (SIGTERM, exit 0, same port)', async () => {
    let stopLoad = false;
    const load = runLoad(nginx!.origin, () => stopLoad);
    const orders = runOrders(nginx!.origin, () => stopLoad);

    const oldA = instances.a!;
    let restartStarted = 0;
    let exitCode: number | null = null;
    let stopped = 0;
    let restarted = 0;
    try {
      await sleep(LOAD_BEFORE_RESTART_MS);
      restartStarted = Date.now();
      exitCode = await stopBounded(oldA);
      stopped = Date.now();
      instances.a = await startInstance(ports.a);
      restarted = Date.now();
      await sleep(LOAD_AFTER_RESTART_MS);
    } finally {
      stopLoad = true; // also when the restart failed: the loops end before the test does
      await Promise.all([load, orders]);
    }
    const result = await load;
    const shopped = await orders;

    const accessLog = parseAccessLog(await nginx!.accessLog());
    const retried = accessLog.filter((entry) => entry.upstreamStatus.includes(','));
    const servedByNewA = accessLog.filter(
      (entry) => entry.at >= restarted && entry.upstreamAddr.endsWith(`:${ports.a}`),
    );
    const at = (time: number) => `${time - result.started} ms`;
    console.info(
      [
        `load: ${result.ok.length} requests answered 200 in ${result.ended - result.started} ms by ${LOAD_LOOPS} loops`,
        `(${Math.round((result.ok.length * 1000) / (result.ended - result.started))} req/s), ${result.failures.length} failed`,
        `restart of A: SIGTERM at ${at(restartStarted)}, exited (code ${exitCode}) at ${at(stopped)},`,
        `new process listening at ${at(restarted)}; nginx retried ${retried.length} request(s) on the other instance;`,
        `the new A served ${servedByNewA.length} request(s) after its restart; ${shopped.placed.length} orders placed`,
        ...retried.slice(0, 10).map((entry) => `  retried: ${entry.line}`),
        'nginx error log:',
        ...(await nginx!.errorLog()).split('\n').filter(Boolean).slice(0, 10),
        'the old A after SIGTERM:',
        ...oldA
          .output()
          .split('\n')
          .filter((line) => /draining|stopped|shutdown|"level":"(warn|error)"/.test(line))
          .slice(0, 10),
      ].join('\n'),
    );

    expect(exitCode, oldA.output()).toBe(0);
    expect(
      result.failures,
      `failed requests (times from the load's start):\n${result.failures
        .slice(0, 20)
        .map((failure) => `${at(failure.sentAt)} ${failure.path}: ${failure.detail}`)
        .join('\n')}\nnginx error log:\n${await nginx!.errorLog()}`,
    ).toEqual([]);

    // Every order a shopper was told about is there exactly once, and is theirs to see.
    expect(shopped.failures, 'failed checkouts').toEqual([]);
    expect(shopped.placed.length).toBeGreaterThan(10);
    const keys = shopped.placed.map((placed) => placed.idempotencyKey);
    const stored = await observer!.query<{ count: number }>(
      'select count(*)::int as count from orders where idempotency_key = any($1::text[])',
      [keys],
    );
    expect(stored).toEqual([{ count: keys.length }]);
    for (const placed of shopped.placed.slice(-3)) {
      expect((await getPage(`${nginx!.origin}${placed.location}`, placed.cookie)).status).toBe(200);
    }

    // Served throughout: no window of the load without answers, in particular none around the restart.
    const silentWindows = silentWindowsOf(result);
    expect(silentWindows, `windows of ${WINDOW_MS} ms without a single answer`).toEqual([]);
    expect(result.ok.filter((time) => time >= restartStarted && time <= restarted).length).toBeGreaterThan(0);
    // The restarted instance is back in rotation.
    expect(servedByNewA.length).toBeGreaterThan(0);
  });
});

// --- processes --------------------------------------------------------------------------------------------

/** SIGTERM, then the exit code; SIGKILL and a failure after STOP_LIMIT_MS. */
async function stopBounded(instance: BuiltServer): Promise<number | null> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return instance.child.exitCode;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STOP_LIMIT_MS);
  });
  const result = await Promise.race([instance.stop(), timedOut]);
  clearTimeout(timer);
  if (result !== 'timeout') return result;
  instance.child.kill('SIGKILL');
  throw new Error(`The instance did not exit within ${STOP_LIMIT_MS} ms of SIGTERM:\n${instance.output()}`);
}

// --- nginx ------------------------------------------------------------------------------------------------

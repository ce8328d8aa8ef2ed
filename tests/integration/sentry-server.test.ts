import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { type SentryCaptureServer, startSentryCaptureServer } from '../helpers/sentry-capture-server.ts';

const INCOMING_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const INCOMING_SPAN_ID = 'b7ad6b7169203331';

interface TransactionPayload {
  transaction: string;
  transaction_info?: { source?: string };
  contexts: {
    trace: { trace_id: string; span_id: string; parent_span_id?: string; data?: Record<string, unknown> };
    app?: Record<string, unknown>;
    os?: Record<string, unknown>;
    device?: Record<string, unknown>;
    culture?: Record<string, unknown>;
  };
  spans?: {
    op?: string;
    description?: string;
    trace_id: string;
    start_timestamp: number;
    timestamp: number;
  }[];
}

/**
 * The built server as `npm start` runs it (instrument.mjs with --import), with SENTRY_DSN pointing at a
 * local capture server, so @sentry/node's real transport is exercised: in Sentry's lightweight mode (the
 * default) and with the full SDK (SENTRY_SDK=full), which must report the same.
 */
describe.each(['light', 'full'])('server monitoring with @sentry/node, SENTRY_SDK=%s', (sdk) => {
  let sentry: SentryCaptureServer;
  let server: BuiltServer;
  let errorPage = '';
  let tracedPage = '';
  let continuedPage = '';

  beforeAll(async () => {
    sentry = await startSentryCaptureServer();
    server = await startBuiltServer({
      SENTRY_DSN: sentry.dsn,
      SENTRY_TRACES_SAMPLE_RATE: '1',
      SENTRY_SDK: sdk,
      SENTRY_ENVIRONMENT: 'test',
      ENABLE_DEBUG_ROUTES: '1',
      COOKIE_SECRET: 'test-secret-test-secret-test-secret!',
    });
    const cookie = 'session=super-secret-value';
    // A private page: a public one (a product) carries no request's trace, since everyone shares it.
    tracedPage = await (await fetch(`${server.origin}/cart`)).text();
    errorPage = await (await fetch(`${server.origin}/debug/error`, { headers: { Cookie: cookie } })).text();
    // A caller's trace (a browser's fetch, an upstream service): the page's transaction continues it.
    continuedPage = await (
      await fetch(`${server.origin}/cart?from=upstream`, {
        headers: {
          'sentry-trace': `${INCOMING_TRACE_ID}-${INCOMING_SPAN_ID}-1`,
          baggage: `sentry-trace_id=${INCOMING_TRACE_ID},sentry-sampled=true,sentry-sample_rand=0.25,sentry-environment=test`,
        },
      })
    ).text();
    for (const path of [
      '/products/chef-knife-20cm',
      '/products/no-such-product',
      '/shop/nope',
      '/healthz',
      '/readyz',
    ]) {
      await (await fetch(`${server.origin}${path}`, { headers: { Cookie: cookie } })).text();
    }
    await (await fetch(`${server.origin}/_assets/nope.js`)).text();
    // An action, posted as a form without JavaScript and to the data URL as the browser's fetchers do.
    const buildId = /"buildId":"([^"]+)"/.exec(tracedPage)?.[1];
    for (const path of ['/products/chef-knife-20cm', `/_data/${buildId}/products/chef-knife-20cm`]) {
      const posted = await fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { Origin: server.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _action: 'add-to-cart', productId: 'chef-knife-20cm', quantity: '1' }),
        redirect: 'manual',
      });
      expect(posted.status).toBe(path.startsWith('/_data/') ? 200 : 303);
      await posted.text();
    }
    // Shutdown flushes what is pending, so absences below are real absences.
    expect(await server.stop()).toBe(0);
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await sentry?.close();
  });

  const transactions = () =>
    sentry.items('transaction').map((item) => item.payload as unknown as TransactionPayload);

  it('reports a throwing data step exactly once, tagged with the route pattern and locale', () => {
    const events = sentry.items('event');
    expect(events).toHaveLength(1);
    const event = events[0]?.payload as {
      event_id: string;
      tags: Record<string, string>;
      environment: string;
      exception: { values: { type: string }[] };
      request?: { cookies?: unknown; headers?: Record<string, string> };
    };
    expect(event.tags).toMatchObject({ route: 'GET /debug/error', locale: 'en' });
    expect(event.environment).toBe('test');
    expect(event.exception.values.at(-1)?.type).toBe('DebugError');
    expect(JSON.stringify(event)).not.toContain('super-secret-value');
    // The 500 page shows the event id ops can search for.
    expect(errorPage).toContain('500: Internal Server Error.');
    expect(errorPage).toContain(`Error ID: ${event.event_id}`);
  });

  it('puts the server trace on the page for the browser to continue', () => {
    const meta = tracedPage.match(
      /<meta name="sentry-trace" content="([0-9a-f]{32})-([0-9a-f]{16})(-[01])?"\/>/,
    );
    expect(meta).not.toBeNull();
    expect(tracedPage).toContain('<meta name="baggage" content="sentry-environment=test');
    // The page names the transaction's own span, so the browser's pageload becomes its child.
    const transaction = transactions().find((payload) => payload.contexts.trace.trace_id === meta?.[1]);
    expect(transaction?.transaction).toBe('GET /cart');
    expect(transaction?.contexts.trace.span_id).toBe(meta?.[2]);
  });

  it("adds a span for each of a sampled page's data steps, named by its segment", () => {
    const transaction = transactions().find(
      (payload) =>
        payload.transaction === 'GET /cart' && payload.contexts.trace.trace_id !== INCOMING_TRACE_ID,
    );
    const steps = transaction?.spans?.filter((span) => span.op === 'function.data_step') ?? [];
    expect(steps.map((span) => span.description).sort()).toEqual(['cart', 'root']);
    for (const span of steps) {
      expect(span.trace_id).toBe(transaction?.contexts.trace.trace_id);
      expect(span.timestamp).toBeGreaterThanOrEqual(span.start_timestamp);
    }
  });

  it("continues a caller's trace from its sentry-trace and baggage headers", () => {
    const transaction = transactions().find(
      (payload) => payload.contexts.trace.trace_id === INCOMING_TRACE_ID,
    );
    expect(transaction?.transaction).toBe('GET /cart');
    expect(transaction?.contexts.trace.parent_span_id).toBe(INCOMING_SPAN_ID);
    expect(continuedPage).toContain(
      `<meta name="sentry-trace" content="${INCOMING_TRACE_ID}-${transaction?.contexts.trace.span_id}-1"/>`,
    );
  });

  it("starts a trace of its own for each request without a caller's", () => {
    const ownTraces = transactions().filter(
      (payload) => payload.contexts.trace.trace_id !== INCOMING_TRACE_ID,
    );
    expect(ownTraces.map((payload) => payload.transaction).sort()).toEqual([
      'GET /cart',
      'GET /debug/error',
      'GET /products/:id',
      'POST /products/:id',
      'POST /products/:id',
    ]);
    expect(new Set(ownTraces.map((payload) => payload.contexts.trace.trace_id)).size).toBe(5);
    for (const payload of ownTraces) expect(payload.contexts.trace.parent_span_id).toBeUndefined();
  });

  it('describes the process and the machine on every transaction and error', () => {
    const payloads = [...transactions(), sentry.items('event')[0]?.payload as unknown as TransactionPayload];
    for (const { contexts } of payloads) {
      expect(contexts.app).toEqual({
        app_start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        app_memory: expect.any(Number),
        free_memory: expect.any(Number),
      });
      expect(contexts.app?.app_memory).toBeGreaterThan(10_000_000);
      expect(new Date(String(contexts.app?.app_start_time)).getTime()).toBeLessThan(Date.now());
      expect(contexts.os).toMatchObject({ name: expect.any(String), kernel_version: expect.any(String) });
      expect(contexts.device).toMatchObject({
        arch: process.arch,
        memory_size: expect.any(Number),
        free_memory: expect.any(Number),
        processor_count: expect.any(Number),
      });
      expect(contexts.culture).toMatchObject({ timezone: expect.any(String) });
    }
  });

  it("links an error to its request's transaction", () => {
    const event = sentry.items('event')[0]?.payload as {
      contexts: { trace: { trace_id: string; span_id: string } };
    };
    const transaction = transactions().find((payload) => payload.transaction === 'GET /debug/error');
    expect(transaction).toBeDefined();
    expect(event.contexts.trace.trace_id).toBe(transaction?.contexts.trace.trace_id);
    expect(event.contexts.trace.span_id).toBe(transaction?.contexts.trace.span_id);
  });

  it('sends no error event for notFound() and 4xx answers', () => {
    const messages = sentry.items('event').map((item) => JSON.stringify(item.payload));
    expect(
      messages.filter((text) => text.includes('no-such-product') || text.includes('/shop/nope')),
    ).toEqual([]);
  });

  it('names transactions by route pattern and drops 404s, assets and health checks', () => {
    const names = transactions().map((transaction) => transaction.transaction);
    expect(names).toContain('GET /products/:id');
    // Both posts of the action, the form's (303, which the full SDK's default would drop) and the data
    // URL's: that URL carries the build and is no name of its own.
    expect(names.filter((name) => name === 'POST /products/:id')).toHaveLength(2);
    expect(names.some((name) => name.includes('/_data/'))).toBe(false);
    expect(names.some((name) => /chef-knife|no-such|_assets|healthz|readyz|\/shop\/nope/.test(name))).toBe(
      false,
    );
    for (const transaction of transactions()) {
      expect(transaction.contexts.trace.data?.['http.response.status_code']).not.toBe(404);
      // A route's name, not a URL's: Sentry groups by it and leaves it as it is.
      expect(transaction.transaction_info?.source).toBe('route');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { type SentryCaptureServer, startSentryCaptureServer } from '../helpers/sentry-capture-server.ts';

/**
 * The built server as `npm start` runs it (instrument.mjs with --import), with SENTRY_DSN pointing at a
 * local capture server, so @sentry/node's real transport is exercised.
 */
describe('server monitoring with @sentry/node', () => {
  let sentry: SentryCaptureServer;
  let server: BuiltServer;
  let errorPage = '';
  let tracedPage = '';

  beforeAll(async () => {
    sentry = await startSentryCaptureServer();
    server = await startBuiltServer({
      SENTRY_DSN: sentry.dsn,
      SENTRY_TRACES_SAMPLE_RATE: '1',
      SENTRY_ENVIRONMENT: 'test',
      ENABLE_DEBUG_ROUTES: '1',
      COOKIE_SECRET: 'test-secret-test-secret-test-secret!',
    });
    const cookie = 'session=super-secret-value';
    // A private page: a public one (a product) carries no request's trace, since everyone shares it.
    tracedPage = await (await fetch(`${server.origin}/cart`)).text();
    errorPage = await (await fetch(`${server.origin}/debug/error`, { headers: { Cookie: cookie } })).text();
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
    // Shutdown flushes what is pending, so absences below are real absences.
    expect(await server.stop()).toBe(0);
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await sentry?.close();
  });

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
    const transaction = sentry
      .items('transaction')
      .map((item) => item.payload as { contexts: { trace: { trace_id: string } } })
      .find((payload) => tracedPage.includes(payload.contexts.trace.trace_id));
    expect(tracedPage).toMatch(/<meta name="sentry-trace" content="[0-9a-f]{32}-[0-9a-f]{16}(-[01])?"\/>/);
    expect(tracedPage).toContain('<meta name="baggage" content="sentry-environment=test');
    expect(transaction).toBeDefined();
  });

  it('sends no error event for notFound() and 4xx answers', () => {
    const messages = sentry.items('event').map((item) => JSON.stringify(item.payload));
    expect(
      messages.filter((text) => text.includes('no-such-product') || text.includes('/shop/nope')),
    ).toEqual([]);
  });

  it('names transactions by route pattern and drops 404s, assets and health checks', () => {
    const transactions = sentry.items('transaction').map(
      (item) =>
        item.payload as {
          transaction: string;
          contexts: { trace: { data?: Record<string, unknown> } };
        },
    );
    const names = transactions.map((transaction) => transaction.transaction);
    expect(names).toContain('GET /products/:id');
    expect(names.some((name) => /chef-knife|no-such|_assets|healthz|readyz|\/shop\/nope/.test(name))).toBe(
      false,
    );
    for (const transaction of transactions) {
      expect(transaction.contexts.trace.data?.['http.response.status_code']).not.toBe(404);
    }
  });
});

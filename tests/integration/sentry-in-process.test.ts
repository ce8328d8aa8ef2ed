import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { type SentryCaptureServer, startSentryCaptureServer } from '../helpers/sentry-capture-server.ts';

interface Breadcrumb {
  category?: string;
  data?: { url?: string };
}

/**
 * The built server with Sentry (either SDK, every request sampled), a warm-up and its prerendered pages'
 * check: the process's requests to itself are no visit, so a visitor's events carry no trace of them. Before
 * they ran apart, each left a fetch breadcrumb in the process's scope, and every later event and transaction
 * carried the last 100 of them (16 KB of a 19 KB envelope).
 */
describe.each(['light', 'full'])('Sentry (%s SDK) and the process’s own requests', (sdk) => {
  let sentry: SentryCaptureServer;
  let server: BuiltServer;

  beforeAll(async () => {
    sentry = await startSentryCaptureServer();
    server = await startBuiltServer({
      SENTRY_DSN: sentry.dsn,
      SENTRY_TRACES_SAMPLE_RATE: '1',
      SENTRY_SDK: sdk,
      ENABLE_DEBUG_ROUTES: '1',
      WARM_UP_MS: '10000',
      WARM_UP_REQUESTS: '40',
    });
    await (await fetch(`${server.origin}/shop`)).text();
    expect((await fetch(`${server.origin}/debug/error`)).status).toBe(500);
    // Shutdown flushes what is pending, so what is absent below was never sent.
    expect(await server.stop()).toBe(0);
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await sentry?.close();
  });

  it('sends the visitor’s error and transactions without breadcrumbs of the warm-up or the check', () => {
    // Its lines are written in batches: all of them are out once it has exited.
    expect(server.output()).toContain('"msg":"warmed up"');
    expect(server.output()).toContain('"msg":"prerendered pages checked"');
    const events = sentry.items('event').map((item) => item.payload);
    const transactions = sentry.items('transaction').map((item) => item.payload);
    expect(events).toHaveLength(1);
    const breadcrumbs = [...events, ...transactions].flatMap(
      (payload) => (payload.breadcrumbs as Breadcrumb[] | undefined) ?? [],
    );
    expect(breadcrumbs.filter((breadcrumb) => breadcrumb.category === 'http')).toEqual([]);
  });

  it('opens a transaction for each visit and none for the in-process requests', () => {
    const names = sentry.items('transaction').map((item) => item.payload.transaction);
    expect(names.sort()).toEqual(['GET /debug/error', 'GET /shop{/*category}']);
  });
});

import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { noMonitoring } from '../../server/monitoring/monitoring.ts';
import { cspViolations, describeInChromium } from '../helpers/chromium.ts';
import { listen, type RunningServer } from '../helpers/listen.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { type SentryCaptureServer, startSentryCaptureServer } from '../helpers/sentry-capture-server.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

const PRODUCT = '/products/chef-knife-20cm';
/**
 * The trace the monitored server's pages carry in their meta tags, as a server's Sentry writes it
 * (tests/integration/sentry-server.test.ts checks the real SDK's); the browser's pageload continues it.
 */
const SERVER_TRACE_ID = '5e1f0c0ffee0d00d5e1f0c0ffee0d00d';
const SERVER_SPAN_ID = 'b0a710ad5e1f0c0f';
const serverTrace = {
  sentryTrace: `${SERVER_TRACE_ID}-${SERVER_SPAN_ID}-1`,
  baggage: `sentry-trace_id=${SERVER_TRACE_ID},sentry-sampled=true,sentry-sample_rate=1,sentry-sample_rand=0.5,sentry-environment=test`,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TransactionPayload {
  transaction: string;
  contexts: { trace: { op: string; trace_id: string; parent_span_id?: string } };
}

describeInChromium('browser monitoring with @sentry/browser', ({ newPage }) => {
  let sentry: SentryCaptureServer;
  let monitored: RunningServer;
  let unmonitored: RunningServer;

  beforeAll(async () => {
    sentry = await startSentryCaptureServer();
    [monitored, unmonitored] = await Promise.all([
      listen(
        createStorefrontApp(
          { SENTRY_DSN: sentry.dsn, SENTRY_TRACES_SAMPLE_RATE: '1', ENABLE_DEBUG_ROUTES: '1' },
          undefined,
          undefined,
          { ...noMonitoring, traceMeta: () => serverTrace },
        ),
      ),
      listen(createStorefrontApp()),
    ]);
  });
  afterAll(async () => {
    await Promise.all([monitored?.close(), unmonitored?.close()]);
    await sentry?.close();
  });
  beforeEach(() => {
    sentry.envelopes.length = 0;
  });

  const transactions = (op: string) =>
    sentry
      .items('transaction')
      .map((item) => item.payload as unknown as TransactionPayload)
      .filter((payload) => payload.contexts.trace.op === op);

  async function openMonitored(path: string): Promise<Page> {
    const page = await newPage();
    await page.goto(`${monitored.origin}${path}`);
    await waitForHydration(page);
    return page;
  }

  it('shows the application-error screen for a client render error and reports it once through the tunnel', async () => {
    const page = await openMonitored('/debug/client-error');
    const tunnelled: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/monitoring') tunnelled.push(request.url());
    });
    try {
      await page.getByRole('button', { name: 'Throw a render error' }).click();
      await page.waitForSelector('text=Application error: a client-side exception has occurred');
      expect(await page.locator('main a.button').getAttribute('href')).toBe(
        `${monitored.origin}/debug/client-error`,
      );
      await sentry.waitFor(() => sentry.items('event').length >= 1);
      await sleep(500);
      const events = sentry.items('event').map((item) => item.payload as { tags?: Record<string, string> });
      expect(events).toHaveLength(1);
      expect(events[0]?.tags?.route).toBe('/debug/client-error');
      expect(tunnelled.length).toBeGreaterThan(0);
      // Sentry's chunk, its tunnel posts and the error screen all ran under the nonce-based CSP.
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps at most 100 breadcrumbs', async () => {
    const page = await openMonitored('/debug/client-error');
    try {
      await page.evaluate(() => {
        for (let index = 0; index < 150; index += 1) console.info(`breadcrumb ${index}`);
      });
      await page.getByRole('button', { name: 'Throw a render error' }).click();
      await sentry.waitFor(() => sentry.items('event').length >= 1);
      const [event] = sentry.items('event');
      const breadcrumbs = (event?.payload as { breadcrumbs?: unknown[] }).breadcrumbs ?? [];
      expect(breadcrumbs.length).toBeGreaterThan(50);
      expect(breadcrumbs.length).toBeLessThanOrEqual(100);
    } finally {
      await page.close();
    }
  });

  it('sends one navigation transaction named by route pattern for a completed navigation', async () => {
    const page = await openMonitored('/');
    try {
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await page.waitForURL(`${monitored.origin}${PRODUCT}`);
      await sentry.waitFor(() => transactions('navigation').length >= 1);
      await sleep(1_500);
      expect(transactions('navigation').map((transaction) => transaction.transaction)).toEqual([
        '/products/:id',
      ]);
      expect(transactions('pageload').map((transaction) => transaction.transaction)).toContain('/');
      const pageload = sentry
        .items('transaction')
        .map(
          (item) =>
            item.payload as { contexts: { trace: { op: string } }; measurements?: Record<string, unknown> },
        )
        .find((payload) => payload.contexts.trace.op === 'pageload');
      // Web vitals measured on the pageload (LCP, CLS and INP follow when the page is hidden or interacted with).
      expect(Object.keys(pageload?.measurements ?? {})).toEqual(expect.arrayContaining(['ttfb', 'fcp']));
      const navigation = sentry
        .items('transaction')
        .map((item) => item.payload as { contexts: { trace: { op: string } }; spans?: { op?: string }[] })
        .find((payload) => payload.contexts.trace.op === 'navigation');
      const childOps = (navigation?.spans ?? []).map((span) => span.op);
      expect(childOps).toContain('resource.script'); // the route's code chunk
      expect(childOps).toContain('http.client'); // the data request
    } finally {
      await page.close();
    }
  });

  it("continues the server's trace, given by the page's meta tags, in its pageload", async () => {
    // A visitor's own page: a shared one carries no trace (it would be its first visitor's).
    const page = await openMonitored('/cart');
    try {
      expect(await page.locator('meta[name="sentry-trace"]').getAttribute('content')).toBe(
        serverTrace.sentryTrace,
      );
      // The payload does not repeat it: the meta tags are the one copy the browser's Sentry reads.
      expect(await page.evaluate(() => JSON.stringify((self as { __SSR?: unknown }).__SSR))).not.toContain(
        SERVER_TRACE_ID,
      );
      await sentry.waitFor(() => transactions('pageload').length >= 1);
      const [pageload] = transactions('pageload');
      expect(pageload?.contexts.trace.trace_id).toBe(SERVER_TRACE_ID);
      expect(pageload?.contexts.trace.parent_span_id).toBe(SERVER_SPAN_ID);
    } finally {
      await page.close();
    }
  });

  it('drops a navigation superseded by a second click and one that fell back to a full load', async () => {
    const page = await newPage();
    try {
      // Hold the first target's data so the second click supersedes it; hold the help page past 3.8 s.
      const hold = (ms: number) => async (route: Route) => {
        await sleep(ms);
        await route.continue().catch(() => {});
      };
      await page.route(`**/_data/*${PRODUCT}`, hold(1_000));
      await page.route('**/_data/*/help', hold(5_000));
      await page.goto(`${monitored.origin}/`);
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await page.locator('header a[href="/shop"]').first().click();
      await page.waitForURL(`${monitored.origin}/shop`);
      await sleep(300);
      const fullLoad = page.waitForEvent('framenavigated', { timeout: 8_000 });
      await page.locator('header a[href="/help"]').first().click();
      await fullLoad;
      await waitForHydration(page);
      await sleep(2_500);
      expect(transactions('navigation').map((transaction) => transaction.transaction)).toEqual([
        '/shop{/*category}',
      ]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it('drops the pageload of the 404 page', async () => {
    const missing = await openMonitored('/products/no-such-product');
    const help = await openMonitored('/help');
    try {
      const pageloadUrls = () =>
        sentry
          .items('transaction')
          .map((item) => item.payload as unknown as TransactionPayload & { request?: { url?: string } })
          .filter((payload) => payload.contexts.trace.op === 'pageload')
          .map((payload) => payload.request?.url ?? '');
      await sentry.waitFor(() => pageloadUrls().some((url) => url.endsWith('/help')));
      await sleep(1_500);
      expect(pageloadUrls().filter((url) => url.includes('no-such-product'))).toEqual([]);
    } finally {
      await Promise.all([missing.close(), help.close()]);
    }
  });

  it('with SENTRY_DSN unset, loads no Sentry code and sends nothing to /monitoring', async () => {
    /** The scripts a visit to `/` and one navigation load, and whether one of them is Sentry's. */
    async function visit(origin: string) {
      const page = await newPage();
      const scripts: string[] = [];
      const tunnelled: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/monitoring') tunnelled.push(pathname);
        if (request.resourceType() === 'script') scripts.push(pathname);
      });
      try {
        await page.goto(`${origin}/`);
        await waitForHydration(page);
        await page.locator(`main a[href="${PRODUCT}"]`).first().click();
        await page.waitForURL(`${origin}${PRODUCT}`);
        await sleep(500);
        const sources = await Promise.all(
          scripts.map(async (path) => (await fetch(`${origin}${path}`)).text()),
        );
        return { loadedSentry: sources.some((source) => source.includes('__SENTRY__')), tunnelled };
      } finally {
        await page.close();
      }
    }
    const off = await visit(unmonitored.origin);
    expect(off.loadedSentry).toBe(false);
    expect(off.tunnelled).toEqual([]);
    // Control: the same check sees Sentry's chunk when a DSN is set.
    expect((await visit(monitored.origin)).loadedSentry).toBe(true);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeInChromium } from '../helpers/chromium.ts';
import {
  appPathOf,
  eventually,
  isDataRequest,
  sleep,
  startGatedStorefront,
} from '../helpers/gated-storefront.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { type SentryCaptureServer, startSentryCaptureServer } from '../helpers/sentry-capture-server.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

describeInChromium('prefetch under real connections', ({ newPage }) => {
  const cleanups: (() => Promise<unknown>)[] = [];

  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  async function openPage(): Promise<Page> {
    const page = await newPage();
    cleanups.push(() => page.close());
    return page;
  }

  it('never holds more than 5 prefetch data requests open, streamed tails included, when 20+ links appear at once', async () => {
    const server = await startGatedStorefront(() => sleep(1_500));
    cleanups.push(server.close);
    const page = await openPage();
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.goto(`${server.origin}/shop`);
    await waitForHydration(page);
    // Every product card of the page enters the viewport together.
    await page.setViewportSize({ width: 1280, height: 6_000 });
    const productLinks = await page
      .locator('main a[href^="/products/"]')
      .evaluateAll((anchors) => new Set(anchors.map((anchor) => anchor.getAttribute('href'))).size);
    expect(productLinks).toBeGreaterThanOrEqual(20);

    // 20 answers, each 1.5 s late plus the product page's streamed related products, 5 at a time.
    expect(await eventually(() => server.counts.total >= 20, 20_000)).toBe(true);
    expect(server.counts.maxOpen).toBeLessThanOrEqual(5);
    expect(server.counts.maxOpen).toBeGreaterThanOrEqual(4);
  }, 40_000);

  it('timeline: prefetch answers are held open, the click sends its own data request, and the page commits', async () => {
    let clickedPath: string | undefined;
    let openWhenNavigationArrived = -1;
    let releaseHeld: () => void = () => {};
    const navigationSeen = new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
    const server = await startGatedStorefront(async (path) => {
      if (clickedPath !== undefined && path === clickedPath) {
        // The first request for it after the click is the navigation's own: the held prefetches are still
        // open. Later ones (the new page's `?sort=` links share its path) must not overwrite the reading.
        if (openWhenNavigationArrived === -1) openWhenNavigationArrived = server.counts.open - 1;
        releaseHeld();
        return;
      }
      // The home page's own request for the visitor's data (its shared HTML left it out) goes through.
      if (path === '/') return;
      // A prefetch: held until the server has seen the navigation (bounded, so the test always ends).
      await Promise.race([navigationSeen, sleep(10_000)]);
    });
    cleanups.push(server.close);
    const page = await openPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    await markWindow(page);
    expect(await eventually(() => server.counts.open >= 5, 5_000)).toBe(true);

    // Click a link whose prefetch the server is holding: the navigation cannot wait for that answer.
    const heldPath = server.counts.paths.find((path) => path !== '/') ?? '';
    const link = page.locator(`a[href="${heldPath}"]`).first();
    clickedPath = heldPath;
    const homeHeading = await page.locator('main h1').first().textContent();
    await link.click();
    await page.waitForURL(`${server.origin}${clickedPath}`, { timeout: 3_000 });
    await page.waitForFunction(
      (previous) => document.querySelector('main h1')?.textContent !== previous,
      homeHeading,
      { timeout: 3_000 },
    );

    expect(openWhenNavigationArrived).toBeGreaterThanOrEqual(4);
    expect(await hasMarker(page)).toBe(true);
  });

  describe('with Sentry tracing every navigation', () => {
    let sentry: SentryCaptureServer;

    beforeAll(async () => {
      sentry = await startSentryCaptureServer();
    });
    afterAll(async () => {
      await sentry?.close();
    });

    interface SpanPayload {
      op?: string;
      description?: string;
      start_timestamp: number;
    }
    interface NavigationTransaction {
      transaction: string;
      start_timestamp: number;
      timestamp: number;
      contexts: { trace: { op: string } };
      spans: SpanPayload[];
    }
    const navigations = () =>
      sentry
        .items('transaction')
        .map((item) => item.payload as unknown as NavigationTransaction)
        .filter((payload) => payload.contexts.trace.op === 'navigation');

    it('delivers the navigation transaction within 5 s while the new page prefetches, and ends it at the commit', async () => {
      const server = await startGatedStorefront(() => Promise.resolve(), {
        SENTRY_DSN: sentry.dsn,
        SENTRY_TRACES_SAMPLE_RATE: '1',
      });
      cleanups.push(server.close);
      const page = await openPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${server.origin}/`);
      await waitForHydration(page);
      await sleep(3_000);

      const link = page.locator('main a[href^="/products/"]').first();
      const target = (await link.getAttribute('href')) ?? '';
      const requestsBefore = server.counts.total;
      const clickedAt = Date.now();
      await link.click();
      await page.waitForURL(`${server.origin}${target}`);
      await sentry.waitFor(() => navigations().length >= 1, 5_000);
      expect(Date.now() - clickedAt).toBeLessThan(5_000);

      const [navigation] = navigations();
      expect(navigation?.transaction).toBe('/products/:id');
      // The new page's own prefetches started after the commit: they are not part of the navigation.
      const fetched = (navigation?.spans ?? [])
        .filter((span) => span.op === 'http.client' && isDataRequest(span.description ?? ''))
        .map((span) => appPathOf((span.description ?? '').replace(/^GET /, '')));
      expect(fetched.every((path) => path === target)).toBe(true);
      expect(server.counts.total).toBeGreaterThan(requestsBefore);
    });
  });
});

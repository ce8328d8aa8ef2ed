// A shared (public, cacheable) page in the browser: crawlers do not prefetch though the page does not say
// who they are, and the per-visitor data it left out comes without looking like a navigation, inside the
// prefetch connection budget, and without harm when it fails.
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { BUILD_CHANGED_ANSWER } from '../helpers/build-changed.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { eventually, type Refusal, sleep, startGatedStorefront } from '../helpers/gated-storefront.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The shared page under test, and the app path of its per-visitor data request. */
const SHOP = '/shop';

/** Records, from the page's first script on, whether the navigation progress bar was ever made active. */
async function recordProgressBar(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __progressShown: boolean };
    record.__progressShown = false;
    new MutationObserver(() => {
      if (document.querySelector('.navigation-progress[data-active="true"]')) record.__progressShown = true;
    }).observe(document, { subtree: true, attributes: true, childList: true });
  });
}

describeInChromium('a shared page', ({ newPage }) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  async function openPage(options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
    const page = await newPage(options);
    cleanups.push(() => page.close());
    return page;
  }

  /** Opens /shop with every product link in view and returns how many data requests prefetched a link. */
  async function prefetchesOnShop(userAgent?: string): Promise<number> {
    const server = await startGatedStorefront(async () => {});
    cleanups.push(server.close);
    const page = await openPage(userAgent ? { userAgent } : {});
    await page.setViewportSize({ width: 1280, height: 6_000 });
    await page.goto(`${server.origin}${SHOP}`);
    await waitForHydration(page);
    await page.locator('main a[href^="/products/"]').first().hover();
    // A browser prefetches the links in view at once; a crawler never does: give it the time a browser needs.
    await eventually(() => server.counts.paths.some((path) => path !== SHOP), 3_000);
    return server.counts.paths.filter((path) => path !== SHOP).length;
  }

  it('is not prefetched from by a crawler (its user agent, not the page, tells), and is by a browser', async () => {
    expect(await prefetchesOnShop(GOOGLEBOT)).toBe(0);
    expect(await prefetchesOnShop()).toBeGreaterThanOrEqual(5);
  });

  it('is prefetched from by headless Chromium’s own user agent ("HeadlessChrome" is no crawler here)', async () => {
    const page = await openPage();
    const headless = (await page.evaluate(() => navigator.userAgent)).replace(/Chrome\//, 'HeadlessChrome/');
    expect(await prefetchesOnShop(headless)).toBeGreaterThanOrEqual(5);
  });

  it('asks for the visitor’s own data as no navigation: no progress bar, announcement or focus move', async () => {
    const server = await startGatedStorefront(() => sleep(1_500));
    cleanups.push(server.close);
    const page = await openPage();
    await recordProgressBar(page);
    await page.goto(`${server.origin}${SHOP}`);
    await waitForHydration(page);
    expect(server.counts.paths[0]).toBe(SHOP);
    expect(
      await page.evaluate(() => (window as unknown as { __progressShown: boolean }).__progressShown),
    ).toBe(false);
    expect(await page.locator('[data-route-announcer]').textContent()).toBe('');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // It arrived: the header shows the cart link as the visitor's own data draws it.
    expect(await page.locator('.cart-link').count()).toBe(1);
  });

  it('never has more than 5 data requests in flight while it loads, its per-visitor one counted to its end', async () => {
    // The per-visitor answer's first line comes at once and its end 1.5 s later (a streamed tail); every
    // prefetch answer is 1.5 s late.
    const server = await startGatedStorefront(async (path) =>
      path === SHOP ? { endAfter: sleep(1_500) } : sleep(1_500),
    );
    cleanups.push(server.close);
    const page = await openPage();
    // Every product card is in view from the first paint.
    await page.setViewportSize({ width: 1280, height: 6_000 });
    await page.goto(`${server.origin}${SHOP}`);
    await waitForHydration(page);
    expect(await eventually(() => server.counts.total >= 12, 20_000)).toBe(true);
    expect(server.counts.paths[0]).toBe(SHOP);
    expect(server.counts.maxOpen).toBeLessThanOrEqual(5);
    expect(server.counts.maxOpen).toBeGreaterThanOrEqual(4);
  }, 40_000);

  it('stays as it is when the visitor’s own data fails: no reload, and the cart link works', async () => {
    let releaseVisitorData: () => void = () => {};
    const visitorDataReleased = new Promise<void>((resolve) => {
      releaseVisitorData = resolve;
    });
    let refused = false;
    const server = await startGatedStorefront(async (path): Promise<Refusal | undefined> => {
      if (path !== SHOP || refused) return undefined;
      refused = true;
      await Promise.race([visitorDataReleased, sleep(10_000)]);
      return { refuseWith: 503 };
    });
    cleanups.push(server.close);
    const page = await openPage();
    await page.goto(`${server.origin}${SHOP}`);
    // The request is sent once the page has hydrated: the router is running.
    expect(await eventually(() => refused, 10_000)).toBe(true);
    await markWindow(page);
    const failed = page.waitForResponse(
      (response) => response.url().includes(`/_data/`) && response.status() === 503,
    );
    releaseVisitorData();
    await failed;
    // A full load, if one came, would start at once: give it the time to.
    await page.waitForEvent('framenavigated', { timeout: 1_000 }).catch(() => {});
    expect(await hasMarker(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(SHOP);

    await page.locator('.cart-link').click();
    await page.waitForURL(`${server.origin}/cart`, { timeout: 5_000 });
    await waitForHydration(page);
    expect(await hasMarker(page)).toBe(true);
  });

  it('loads again in full, once, when the visitor’s own data answers that the build changed', async () => {
    // A release under way: the page came from an instance of one build, its per-visitor request reaches
    // one of another, whose data this page's code cannot read. Every such answer says so here.
    const server = await startGatedStorefront(async () => {});
    cleanups.push(server.close);
    const page = await openPage();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    const refusals: string[] = [];
    await page.route(`**/_data/*${SHOP}`, (route) => {
      refusals.push(route.request().url());
      return route.fulfill(BUILD_CHANGED_ANSWER);
    });
    await page.goto(`${server.origin}${SHOP}`);
    expect(await eventually(() => documents.length === 2 && refusals.length >= 2, 10_000)).toBe(true);
    // A third full load, if one came, would start at once: give it the time to.
    await page.waitForEvent('framenavigated', { timeout: 1_000 }).catch(() => {});
    expect(documents).toEqual([SHOP, SHOP]);
  });
});

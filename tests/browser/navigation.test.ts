import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { BUILD_CHANGED_ANSWER } from '../helpers/build-changed.ts';
import { cspViolations, describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const PRODUCT = '/products/chef-knife-20cm';

function dataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/_data/')) seen.push(pathname.replace(/^\/_data\/[^/]+/, '') || '/');
  });
  return seen;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeInChromium('client navigation', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  async function open(path: string, options: { javaScriptEnabled?: boolean } = {}) {
    const page = await newPage(options);
    const problems = collectPageProblems(page);
    await page.goto(`${server().origin}${path}`);
    if (options.javaScriptEnabled !== false) await waitForHydration(page);
    return { page, problems };
  }

  it('a click navigates without a full reload and updates title, URL and content', async () => {
    const { page, problems } = await open('/');
    try {
      await markWindow(page);
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await page.waitForURL(`${server().origin}${PRODUCT}`);
      await page.waitForFunction(() => document.title.startsWith('Chef knife'));
      expect(await page.locator('main h1').first().textContent()).toContain('Chef knife');
      expect(await hasMarker(page)).toBe(true);
      expect(await page.locator('[data-route-announcer]').textContent()).toContain('Chef knife');
      expect(await cspViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a hash change, and back from it, loads nothing; links navigate client-side after', async () => {
    const { page, problems } = await open('/');
    try {
      await markWindow(page);
      const requests = dataRequests(page);
      await page.evaluate(() => {
        location.hash = '#main';
      });
      await page.waitForURL(`${server().origin}/#main`);
      await page.goBack();
      await page.waitForURL(`${server().origin}/`);
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await page.waitForFunction(() => document.title.startsWith('Chef knife'));
      expect(requests.filter((path) => path === '/')).toEqual([]);
      expect(await hasMarker(page)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('does not intercept modified clicks, target=_blank or links to another locale', async () => {
    const { page } = await open('/');
    try {
      await markWindow(page);
      const link = page.locator(`main a[href="${PRODUCT}"]`).first();
      const popup = page.context().waitForEvent('page');
      await link.click({ modifiers: ['ControlOrMeta'] });
      await (await popup).close();
      expect(page.url()).toBe(`${server().origin}/`);

      await link.evaluate((anchor) => anchor.setAttribute('target', '_blank'));
      const blank = page.context().waitForEvent('page');
      await link.click();
      await (await blank).close();
      expect(page.url()).toBe(`${server().origin}/`);
      expect(await hasMarker(page)).toBe(true);

      await page.locator('a[hreflang="fr"]').first().click();
      await page.waitForURL(`${server().origin}/fr`);
      await waitForHydration(page);
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      expect(await hasMarker(page)).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('hovering a link prefetches its data once; the click then makes no request', async () => {
    const page = await newPage();
    try {
      // A short window keeps the footer's help links far outside the viewport, so only the hover prefetches them.
      await page.setViewportSize({ width: 1280, height: 400 });
      const requests = dataRequests(page);
      await page.goto(`${server().origin}/`);
      await waitForHydration(page);
      const link = page.locator('footer a[href="/help/account/privacy"]');
      const target = (await link.getAttribute('href')) ?? '';
      await sleep(300);
      expect(requests.filter((path) => path === target)).toHaveLength(0);
      const answered = page.waitForResponse((response) => response.url().endsWith(target));
      await link.hover();
      await answered;
      await sleep(100);
      expect(requests.filter((path) => path === target)).toHaveLength(1);
      await link.click();
      await page.waitForURL(`${server().origin}${target}`);
      await sleep(200);
      expect(requests.filter((path) => path === target)).toHaveLength(1);
    } finally {
      await page.close();
    }
  });

  it('runs at most 5 prefetches at once when 12 links enter the viewport together', async () => {
    const page = await newPage();
    try {
      let inFlight = 0;
      let maxInFlight = 0;
      let total = 0;
      await page.route('**/_data/**', async (route: Route) => {
        inFlight += 1;
        total += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          const response = await route.fetch();
          await sleep(300);
          await route.fulfill({ response });
        } catch {
          // The page closed while the answer was held.
        } finally {
          inFlight -= 1;
        }
      });
      await page.setViewportSize({ width: 1280, height: 300 });
      await page.goto(`${server().origin}/shop`);
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      await page.setViewportSize({ width: 1280, height: 2400 });
      const deadline = Date.now() + 10_000;
      while (total < 12 && Date.now() < deadline) await sleep(100);
      await sleep(700);
      expect(total).toBeGreaterThanOrEqual(12);
      expect(maxInFlight).toBe(5);
    } finally {
      await page.close();
    }
  });

  it('falls back to a full page load 3.8 s after the click when data is held for 5 s, and does not loop', async () => {
    const page = await newPage();
    try {
      const hold = async (route: Route) => {
        await sleep(5_000);
        await route.continue().catch(() => {});
      };
      await page.route(`**/_data/*${PRODUCT}`, hold);
      await page.goto(`${server().origin}/`);
      await waitForHydration(page);
      await markWindow(page);

      const clickedAt = Date.now();
      // When the browser asks for the document: the deadline's, not the server's time to answer it.
      const fullLoad = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url().endsWith(PRODUCT),
        { timeout: 8_000 },
      );
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await fullLoad;
      const elapsed = Date.now() - clickedAt;
      expect(elapsed).toBeGreaterThanOrEqual(3_800);
      // Before the held data would have come (5 s): the deadline sent it, on a loaded machine too.
      expect(elapsed).toBeLessThan(5_000);
      await waitForHydration(page);
      expect(page.url()).toBe(`${server().origin}${PRODUCT}`);
      expect(await hasMarker(page)).toBe(false);

      // Second slow attempt at the same URL: no second full load, the navigation waits for the data.
      await page.goto(`${server().origin}/`);
      await waitForHydration(page);
      await markWindow(page);
      let reloads = 0;
      page.on('framenavigated', () => {
        reloads += 1;
      });
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await page.waitForURL(`${server().origin}${PRODUCT}`, { timeout: 8_000 });
      expect(reloads).toBe(1); // the client-side URL change itself
      expect(await hasMarker(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('loads the page in full when the server says the build changed', async () => {
    const page = await newPage();
    try {
      // The product's data requests (its prefetch, the click's) hear of a new build, until the full load.
      let loadedInFull = false;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.url().endsWith(PRODUCT)) loadedInFull = true;
      });
      await page.route(`**/_data/*${PRODUCT}`, (route) => {
        if (loadedInFull) return route.continue();
        return route.fulfill(BUILD_CHANGED_ANSWER);
      });
      await page.goto(`${server().origin}/`);
      await waitForHydration(page);
      await markWindow(page);
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await page.waitForURL(`${server().origin}${PRODUCT}`);
      await waitForHydration(page);
      expect(await hasMarker(page)).toBe(false);
      expect(await page.locator('main h1').first().textContent()).toContain('Chef knife');
    } finally {
      await page.close();
    }
  });

  it('renders the 404 page client-side for a link to a missing product', async () => {
    const { page } = await open('/');
    try {
      await markWindow(page);
      await page.evaluate(() => {
        const anchor = document.querySelector<HTMLAnchorElement>('main a[href^="/products/"]');
        if (anchor) anchor.href = '/products/no-such-product';
      });
      await page.locator('main a[href="/products/no-such-product"]').first().click();
      await page.waitForURL(`${server().origin}/products/no-such-product`);
      await page.waitForSelector('text=404: This page could not be found.');
      expect(await hasMarker(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('works with JavaScript disabled: links are plain page loads', async () => {
    const { page } = await open('/', { javaScriptEnabled: false });
    try {
      await page.locator(`main a[href="${PRODUCT}"]`).first().click();
      await page.waitForURL(`${server().origin}${PRODUCT}`);
      expect(await page.locator('main h1').first().textContent()).toContain('Chef knife');
      await page.locator('header a[href="/help"]').first().click();
      await page.waitForURL(`${server().origin}/help`);
      expect(await page.title()).not.toBe('');
    } finally {
      await page.close();
    }
  });
});

import type { Page, Request, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { messages } from '../../apps/storefront/messages/en.ts';
import { MAX_QUANTITY, PRODUCT_FIELD } from '../../apps/storefront/shop-rules.ts';
import { BUILD_CHANGED_ANSWER } from '../helpers/build-changed.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { addThroughServer, headerCount, recordDocumentRequests } from '../helpers/shop-visitor.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

/** The product cards' add buttons on the page. */
const QUICK_ADD = '.product-card form.quick-add button[type="submit"]';
const STATUS = '.product-card .quick-add__status';

function countIs(page: Page, count: string) {
  return page.waitForFunction(
    (expected) => document.querySelector('header .cart-count')?.textContent?.trim() === expected,
    count,
  );
}

/** From now on, records each text the header's count badge shows ('' while there is none). */
function recordCounts(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen: string[] = [];
    const read = () => document.querySelector('header .cart-count')?.textContent?.trim() ?? '';
    new MutationObserver(() => {
      if (read() !== seen.at(-1)) seen.push(read());
    }).observe(document.querySelector('header') as Node, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    (window as unknown as { __counts: string[] }).__counts = seen;
  });
}

const countsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __counts: string[] }).__counts);

/**
 * Holds the posts to product pages' data URLs (the quick adds') in the browser until the test lets them go.
 * Only product URLs are routed: the page's own revalidation is left alone.
 */
async function holdPosts(page: Page): Promise<Route[]> {
  const held: Route[] = [];
  await page.route('**/_data/*/products/*', async (route) => {
    if (route.request().method() === 'POST') held.push(route);
    else await route.continue();
  });
  return held;
}

/** Resolves once the page's data for `path` (the revalidation after an action) has arrived and is on screen. */
async function revalidationOf(page: Page, path: string): Promise<void> {
  // Ended: read to its end, or cut by the router once it had what it shows.
  const ended = new Set<Request>();
  const onEnd = (request: Request) => ended.add(request);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  try {
    const response = await page.waitForEvent('response', (answer) => {
      const { pathname } = new URL(answer.url());
      return answer.request().method() === 'GET' && pathname.startsWith('/_data/') && pathname.endsWith(path);
    });
    await expect.poll(() => ended.has(response.request())).toBe(true);
  } finally {
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Waits until the header's count is `count`, with no change on its way (aria-busy gone). */
function settledCountIs(page: Page, count: string) {
  return page.waitForFunction((expected) => {
    const badge = document.querySelector('header .cart-count');
    return badge?.textContent?.trim() === expected && !badge.closest('[aria-busy="true"]');
  }, count);
}

describeInChromium('a product card’s add button (useFetcher, useOptimistic)', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it('timeline: two quick adds 50 ms apart show 2 at once, and stay at 2 when the answers come back in reverse order', async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      await page.goto(`${server().origin}/shop`);
      await waitForHydration(page);
      await markWindow(page);
      await page.evaluate(() => window.scrollTo(0, 300));
      const documents = recordDocumentRequests(page);
      await recordCounts(page);
      const held = await holdPosts(page);
      // Clicked in the page, not by Playwright, which would scroll each button into view.
      await page.evaluate((selector) => {
        const buttons = document.querySelectorAll<HTMLButtonElement>(selector);
        buttons[0]?.click();
        setTimeout(() => buttons[1]?.click(), 50);
      }, QUICK_ADD);
      await expect.poll(() => held.length).toBe(2);
      await countIs(page, '2');
      expect(await page.locator('header .cart-link').getAttribute('aria-busy')).toBe('true');

      // The second add's revalidation lands while the first add is still on its way, and may count both.
      const second = revalidationOf(page, '/shop');
      await held[1]?.continue();
      await second;
      const first = revalidationOf(page, '/shop');
      await held[0]?.continue();
      await first;
      await settledCountIs(page, '2');
      expect(await page.locator(STATUS).nth(0).textContent()).toContain('added');
      expect(await page.locator(STATUS).nth(1).textContent()).toContain('added');
      expect(await countsSeen(page)).toEqual(['1', '2']);
      expect(page.url()).toBe(`${server().origin}/shop`);
      expect(await page.evaluate(() => window.scrollY)).toBe(300);
      expect(await hasMarker(page)).toBe(true);
      expect(documents).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it('an add the server refuses (the 99 cap) rolls the count back and says why on the card', async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}/shop`);
      const id = await page.locator(`.product-card input[name="${PRODUCT_FIELD}"]`).first().inputValue();
      // The visitor's cart already holds the most of this product: filled by the server, same cookies.
      await addThroughServer(page, server().origin, id, MAX_QUANTITY);
      await page.reload();
      await waitForHydration(page);
      await markWindow(page);
      await countIs(page, '99');
      await recordCounts(page);
      const documents = recordDocumentRequests(page);

      await page.locator(QUICK_ADD).first().click();
      const status = page.locator(STATUS).first();
      await expect
        .poll(() => status.textContent())
        .toBe(messages.errorQuantityOverLimit(MAX_QUANTITY, MAX_QUANTITY));
      await settledCountIs(page, '99');
      // 100 reads 99+ on the badge: it went up at once, then back to the server's 99.
      expect(await countsSeen(page)).toEqual(['99+', '99']);
      expect(await status.getAttribute('role')).toBe('status');
      expect(await page.locator(QUICK_ADD).first().getAttribute('aria-describedby')).toBe(
        await status.getAttribute('id'),
      );
      expect(await hasMarker(page)).toBe(true);
      expect(documents).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('an add whose request fails (network) rolls the count back and shows the failure message on the card', async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}/shop`);
      await waitForHydration(page);
      await recordCounts(page);
      await page.route('**/_data/**', (route) =>
        route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
      );
      await page.locator(QUICK_ADD).nth(1).click();
      await expect.poll(() => page.locator(STATUS).nth(1).textContent()).toBe(messages.formFailure);
      await page.waitForFunction(() => !document.querySelector('header .cart-count'));
      expect(await countsSeen(page)).toEqual(['1', '']);
      expect(await page.locator(STATUS).first().textContent()).toBe('');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it('an add answered "build changed" (a release under way) posts natively: the add lands and the product page loads', async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}/shop`);
      await waitForHydration(page);
      await markWindow(page);
      await page.route('**/_data/*/products/*', (route) =>
        route.request().method() === 'POST' ? route.fulfill(BUILD_CHANGED_ANSWER) : route.continue(),
      );
      const [post] = await Promise.all([
        page.waitForResponse((response) => response.request().isNavigationRequest()),
        page.locator(QUICK_ADD).first().click(),
      ]);
      expect([post.request().method(), post.status()]).toEqual(['POST', 303]);
      await page.waitForURL(/\/products\/[^/?]+\?added=1$/);
      expect(await hasMarker(page)).toBe(false);
      expect(await page.locator('.cart-notice').count()).toBe(1);
      await page.locator('header a.cart-link').click();
      await page.waitForURL(/\/cart$/);
      expect(await headerCount(page)).toBe('1');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it("an add on its way is not cut off by a full load the page's own visitor data asks for (build changed)", async () => {
    const page = await newPage();
    try {
      const held = await holdPosts(page);
      // The shared page asks for its per-visitor data once hydrated; the answer, from an instance of another
      // build, comes once the add is on its way.
      let hydrated = () => {};
      const askedForVisitorData = new Promise<void>((resolve) => {
        hydrated = resolve;
      });
      await page.route('**/_data/*/shop', async (route) => {
        hydrated();
        await expect.poll(() => held.length).toBe(1);
        await route.fulfill(BUILD_CHANGED_ANSWER);
      });
      const documents = recordDocumentRequests(page);
      const refused = page.waitForResponse((response) => response.status() === 409);
      await page.goto(`${server().origin}/shop`);
      await askedForVisitorData;
      await page.locator(QUICK_ADD).first().click();
      await refused;
      // A full load started now would abort the held post: the page waits for it instead.
      await page.waitForEvent('framenavigated', { timeout: 1_000 }).catch(() => {});
      expect(documents).toHaveLength(1);
      const [added] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        held[0]?.continue(),
      ]);
      expect(added.status()).toBe(200);
      await expect.poll(() => documents.length).toBe(2);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.goto(`${server().origin}/cart`);
      expect(await headerCount(page)).toBe('1');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it("a product page's related card adds with its fetcher once the grid's lazy code has hydrated it", async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      await page.goto(`${server().origin}/products/chef-knife-20cm`);
      await waitForHydration(page);
      const related = page.locator('section[aria-labelledby="related-heading"] .product-card').first();
      await related.waitFor();
      // The grid's chunk is not in the page's first load: it is requested when the streamed cards hydrate.
      await page.waitForLoadState('networkidle');
      await markWindow(page);
      const documents = recordDocumentRequests(page);
      await related.locator('form.quick-add button[type="submit"]').click();
      await settledCountIs(page, '1');
      expect(await related.locator('.quick-add__status').textContent()).toContain('added');
      expect(await hasMarker(page)).toBe(true);
      expect(documents).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('without JavaScript the card’s button posts add-to-cart and is redirected (303) to the product', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    try {
      await page.goto(`${server().origin}/shop`);
      const [post] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.locator(QUICK_ADD).first().click(),
      ]);
      expect(post.status()).toBe(303);
      await page.waitForURL(/\/products\/[^/?]+\?added=1$/);
      // The product page is shared through caches, so the count is the cart page's to show.
      await page.locator('header a.cart-link').click();
      await page.waitForURL(/\/cart$/);
      expect(await headerCount(page)).toBe('1');
    } finally {
      await page.close();
    }
  });
});

import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const ARTICLE = '/help/shipping/delivery-times';
const SIBLING = '/help/shipping/international';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Marks the help layout's navigation element: the mark survives only if React kept that DOM node. */
function markSidebar(page: Page) {
  return page.evaluate(() => {
    (document.querySelector('nav.sidebar') as HTMLElement & { __kept?: number }).__kept = 1;
  });
}
const sidebarKept = (page: Page) =>
  page.evaluate(
    () => (document.querySelector('nav.sidebar') as (HTMLElement & { __kept?: number }) | null)?.__kept === 1,
  );

describeInChromium('nested layouts', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  /** Opens `path`; `before` runs first (routes set there also catch the page's viewport prefetches). */
  async function open(
    path: string,
    options: { height?: number; before?: (page: Page) => Promise<unknown> } = {},
  ) {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: options.height ?? 800 });
    await options.before?.(page);
    const problems = collectPageProblems(page);
    const dataRequests: { path: string; keep: string | null }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.includes('/_data/')) return;
      const keep = request.headers()['x-keep-segments'] ?? null;
      dataRequests.push({ path: pathname.replace(/^\/_data\/[^/]+/, ''), keep });
    });
    await page.goto(`${server().origin}${path}`);
    await waitForHydration(page);
    return { page, problems, dataRequests };
  }

  const sidebarScroll = (page: Page, to?: number) =>
    page.evaluate((top) => {
      const sidebar = document.querySelector('nav.sidebar') as HTMLElement;
      if (top !== undefined) sidebar.scrollTop = top;
      return sidebar.scrollTop;
    }, to);

  it('keeps the help sidebar, its filter text, its scroll and its focus while articles change; only the article is fetched', async () => {
    const { page, problems, dataRequests } = await open(ARTICLE, { height: 420 });
    try {
      await markWindow(page);
      await markSidebar(page);
      const filter = page.getByRole('searchbox', { name: 'Filter topics' });
      await filter.fill('i');
      const scrolled = await sidebarScroll(page, 40);
      expect(scrolled).toBeGreaterThan(0);
      const sibling = page.locator(`nav.sidebar a[href="${SIBLING}"]`);
      await sibling.focus();
      await sibling.press('Enter');
      await page.waitForURL(`${server().origin}${SIBLING}`);
      await page.waitForFunction(
        () => document.querySelector('main h1')?.textContent === 'International shipping',
      );

      expect(await hasMarker(page)).toBe(true);
      expect(await sidebarKept(page)).toBe(true);
      expect(await filter.inputValue()).toBe('i');
      expect(await sidebarScroll(page)).toBe(scrolled);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(SIBLING);
      expect(await sibling.getAttribute('aria-current')).toBe('page');
      expect(dataRequests.filter((entry) => entry.path === SIBLING).map((entry) => entry.keep)).toContain(
        'root,help-layout',
      );
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("draws the help filter as the sidebar's own full-width field", async () => {
    const { page, problems } = await open(ARTICLE);
    try {
      const sizes = await page.evaluate(() => {
        const input = document.querySelector<HTMLElement>('.sidebar__filter');
        const sidebar = input?.parentElement;
        if (!input || !sidebar) return null;
        const style = getComputedStyle(sidebar);
        const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
        return { input: input.getBoundingClientRect().width, content: sidebar.clientWidth - padding };
      });
      expect(sizes).not.toBeNull();
      expect(Math.abs((sizes?.input ?? 0) - (sizes?.content ?? 0))).toBeLessThan(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps the shop sidebar while categories change', async () => {
    const { page, problems } = await open('/shop/kitchen');
    try {
      await markSidebar(page);
      await page.locator('nav.sidebar a[href="/shop/garden"]').click();
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Garden');
      expect(await sidebarKept(page)).toBe(true);
      expect(await page.locator('nav.sidebar a[href="/shop/garden"]').getAttribute('aria-current')).toBe(
        'page',
      );
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('sorts and pages /shop through links that fetch only the product list, the sidebar kept', async () => {
    const { page, problems, dataRequests } = await open('/shop');
    try {
      await markSidebar(page);
      await page.getByRole('link', { name: 'Price: low to high' }).click();
      await page.waitForURL(`${server().origin}/shop?sort=price-asc`);
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(`${server().origin}/shop?sort=price-asc&page=2`);
      await page.waitForFunction(() => document.title.startsWith('All products · Page 2 of'));
      const prices = await page
        .locator('.product-grid .product-card')
        .evaluateAll((cards) =>
          cards.map((card) => Number(card.textContent?.match(/€([\d,.]+)/)?.[1]?.replace(',', ''))),
        );
      expect(prices.length).toBeGreaterThan(0);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(await sidebarKept(page)).toBe(true);
      expect(dataRequests.filter((entry) => entry.path === '/shop').map((entry) => entry.keep)).toContain(
        'root,shop-layout',
      );
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows a missing article’s not-found component inside the help layout, which stays interactive', async () => {
    // The sidebar only links existing articles: a sibling link's data answers for a missing one instead.
    const { page } = await open(ARTICLE, {
      before: (page) =>
        page.route(`**/_data/*${SIBLING}`, async (route: Route) => {
          const missing = route.request().url().replace(SIBLING, '/help/shipping/no-such-article');
          await route.fulfill({ response: await route.fetch({ url: missing }) });
        }),
    });
    try {
      await markSidebar(page);
      await page.locator(`nav.sidebar a[href="${SIBLING}"]`).click();
      await page.waitForSelector('text=This article could not be found.');
      expect(await sidebarKept(page)).toBe(true);
      expect(await page.title()).toBe('404: This page could not be found.');
      await page.getByRole('searchbox', { name: 'Filter topics' }).fill('refund');
      expect(await page.locator('nav.sidebar li').count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('shows the article’s pending component in place of the article while its data is slow, the sidebar staying', async () => {
    const { page } = await open(ARTICLE, {
      before: (page) =>
        page.route(`**/_data/*${SIBLING}`, async (route: Route) => {
          await sleep(1_200);
          await route.continue().catch(() => {});
        }),
    });
    try {
      await page.locator(`nav.sidebar a[href="${SIBLING}"]`).click();
      await page.waitForSelector('.loading-section', { timeout: 1_000 });
      expect(await page.locator('nav.sidebar').isVisible()).toBe(true);
      expect(await page.locator('main h1').count()).toBe(0);
      await page.waitForFunction(
        () => document.querySelector('main h1')?.textContent === 'International shipping',
      );
      expect(await page.locator('.loading-section').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

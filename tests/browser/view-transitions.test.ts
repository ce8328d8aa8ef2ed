import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

/** Counts the page's calls to document.startViewTransition (the browser's own runs them). */
async function countTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const start = Document.prototype.startViewTransition;
    const counted = window as Window & { transitions?: number };
    counted.transitions = 0;
    Document.prototype.startViewTransition = function startCounted(this: Document, ...rest) {
      counted.transitions = (counted.transitions ?? 0) + 1;
      return start.apply(this, rest);
    };
  });
}

const transitions = (page: Page) =>
  page.evaluate(() => (window as Window & { transitions?: number }).transitions);

/** Clicks the first product card's link on /shop and waits for its page; returns the product's path. */
async function openFirstProduct(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/shop`);
  await waitForHydration(page);
  await markWindow(page);
  await page.evaluate(() => window.scrollTo(0, 300));
  const link = page.locator('.product-card a[href^="/products/"]').first();
  const path = (await link.getAttribute('href')) ?? '';
  await link.click();
  await page.waitForURL(`${origin}${path}`);
  await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
  return path;
}

describeInChromium('view transitions on client navigations', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it("commits a navigation in a view transition, the card's image morphing into the product's, focus and scroll as before", async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      await countTransitions(page);
      const path = await openFirstProduct(page, server().origin);
      expect(await transitions(page)).toBe(1);
      const name = await page
        .locator('.product-image--large')
        .evaluate((element) => getComputedStyle(element).viewTransitionName);
      expect(name).toBe(`product-${path.split('/').at(-1)}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await hasMarker(page)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('with reduced motion, commits at once: no transition runs', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    try {
      await countTransitions(page);
      await openFirstProduct(page, server().origin);
      expect(await transitions(page)).toBe(0);
      expect(await hasMarker(page)).toBe(true);
    } finally {
      await page.close();
    }
  });
});

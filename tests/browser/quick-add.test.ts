import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

/** The first product card's add button on the page. */
const QUICK_ADD = '.product-card form.quick-add button[type="submit"]';

function countIs(page: Page, count: string) {
  return page.waitForFunction(
    (expected) => document.querySelector('header .cart-count')?.textContent?.trim() === expected,
    count,
  );
}

describeInChromium('a product card’s add button (useFetcher)', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it('timeline: two quick adds on /shop end at 2 in the header, on the same page, with no document request', async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      await page.goto(`${server().origin}/shop`);
      await waitForHydration(page);
      await markWindow(page);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      const button = page.locator(QUICK_ADD).first();
      await button.click();
      await button.click();
      await countIs(page, '2');
      await page.waitForFunction(() =>
        document.querySelector('.product-card .quick-add__status')?.textContent?.includes('added'),
      );
      expect(page.url()).toBe(`${server().origin}/shop`);
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
      expect((await page.locator('header .cart-count').textContent())?.trim()).toBe('1');
    } finally {
      await page.close();
    }
  });
});

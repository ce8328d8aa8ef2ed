import { expect, it } from 'vitest';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

describeInChromium('scroll restoration on client navigation', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  async function open(path: string) {
    const page = await newPage();
    await page.goto(`${server().origin}${path}`);
    await waitForHydration(page);
    return { page };
  }

  it('back and forward restore content and scroll position', async () => {
    const { page } = await open('/shop');
    try {
      await markWindow(page);
      const lowLink = page.locator('main a[href^="/products/"]').nth(20);
      await lowLink.scrollIntoViewIfNeeded();
      const scrolledTo = await page.evaluate(() => window.scrollY);
      expect(scrolledTo).toBeGreaterThan(300);
      const target = await lowLink.getAttribute('href');
      await lowLink.click();
      await page.waitForURL(`${server().origin}${target}`);
      await page.waitForFunction(() => window.scrollY === 0);

      await page.goBack();
      await page.waitForURL(`${server().origin}/shop`);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, scrolledTo);
      expect(await page.locator('main h1').first().textContent()).not.toContain('Chef');

      await page.goForward();
      await page.waitForURL(`${server().origin}${target}`);
      await page.waitForFunction(() => window.scrollY === 0);
      expect(await hasMarker(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('back after a reload restores the scroll position saved before it', async () => {
    const { page } = await open('/shop');
    try {
      const lowLink = page.locator('main a[href^="/products/"]').nth(20);
      await lowLink.scrollIntoViewIfNeeded();
      const scrolledTo = await page.evaluate(() => window.scrollY);
      expect(scrolledTo).toBeGreaterThan(300);
      await lowLink.click();
      await page.waitForFunction(() => document.title.length > 0 && window.location.pathname !== '/shop');
      await page.reload();
      await waitForHydration(page);

      await page.goBack();
      await page.waitForURL(`${server().origin}/shop`);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, scrolledTo);
    } finally {
      await page.close();
    }
  });
});

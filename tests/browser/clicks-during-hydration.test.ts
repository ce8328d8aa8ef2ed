import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { PHONE_CPU_SLOWDOWN, throttleCpu } from '../helpers/load-tasks.ts';
import { recordDocumentRequests } from '../helpers/shop-visitor.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

const FIRST_QUICK_ADD = '.product-card form.quick-add button[type="submit"] >> nth=0';
const FIRST_PRODUCT_LINK = '.product-card__link >> nth=0';
const ENGLISH = '.locale-switcher a[hreflang="en"]';

/**
 * Loads `url` at the phone's CPU slowdown and clicks `selector` (a real mouse click, through DevTools'
 * input) as soon as React hydrates the document: once React listens on it, and while the page cannot yet
 * say it is hydrated, since its visitor's own data (the cart count a shared page leaves out) is held back
 * until the click. Resolves with the target's text.
 */
async function clickWhileHydrating(page: Page, url: string, selector: string): Promise<string | null> {
  await page.addInitScript(() => {
    document.addEventListener(
      'click',
      () => {
        // In the tab's session storage, which outlives a full page load the click may start.
        const hydrated = document.documentElement.dataset.hydrated === 'true';
        sessionStorage.setItem('clicked before hydrated', String(!hydrated));
      },
      { capture: true, once: true },
    );
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/_data/*${new URL(url).pathname}*`, async (route) => {
    await released;
    await route.continue();
  });
  await throttleCpu(page);
  await page.goto(url, { waitUntil: 'commit' });
  const target = page.locator(selector);
  await target.waitFor({ state: 'attached' });
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  if (!box) throw new Error(`${selector} has no box on ${url}`);
  const text = await target.textContent();
  // React marks the container it listens on when hydrateRoot starts (a property named _reactListening…):
  // from then on it owns the page's events. Polled every frame, which hydration's slices leave room for.
  await page.waitForFunction(
    () => Object.keys(document).some((key) => key.startsWith('_reactListening')),
    null,
    { polling: 'raf' },
  );
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  release();
  return text;
}

/** Whether the page's first click landed before it said it was hydrated (read once the page has settled). */
function clickedBeforeHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => sessionStorage.getItem('clicked before hydrated') === 'true');
}

describeInChromium(`a click while the page hydrates (${PHONE_CPU_SLOWDOWN}x CPU slowdown)`, ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it('a quick add adds one to the cart and the page stays', async () => {
    const page = await newPage();
    try {
      const documents = recordDocumentRequests(page);
      const url = `${server().origin}/de/shop`;
      await clickWhileHydrating(page, url, FIRST_QUICK_ADD);
      await page.waitForFunction(
        () => document.querySelector('header .cart-count')?.textContent?.trim() === '1',
      );
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      expect(await clickedBeforeHydrated(page)).toBe(true);
      expect(page.url()).toBe(url);
      // The fetcher posted it: no form post's document, no reload.
      expect(documents).toEqual([url]);
    } finally {
      await page.close();
    }
  });

  it('a product link navigates to the product, in the client', async () => {
    const page = await newPage();
    try {
      const documents = recordDocumentRequests(page);
      const url = `${server().origin}/de/shop`;
      const name = await clickWhileHydrating(page, url, FIRST_PRODUCT_LINK);
      await page.waitForURL(/\/de\/products\//);
      await expect.poll(() => page.locator('h1').textContent()).toBe(name);
      expect(await clickedBeforeHydrated(page)).toBe(true);
      expect(documents).toEqual([url]);
    } finally {
      await page.close();
    }
  });

  it('the locale switch loads the page in the other language', async () => {
    const page = await newPage();
    try {
      await clickWhileHydrating(page, `${server().origin}/de/shop`, ENGLISH);
      // English is the storefront's default locale: its URLs have no prefix.
      await page.waitForURL(`${server().origin}/shop`);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await clickedBeforeHydrated(page)).toBe(true);
    } finally {
      await page.close();
    }
  });
});

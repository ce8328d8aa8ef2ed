import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { cspViolations, describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const PRODUCT = '/products/chef-knife-20cm';
const ADD_FORM = 'form.add-to-cart';

function cartCount(page: Page) {
  return page.locator('header .cart-count').textContent();
}

describeInChromium('the cart', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it('adds to the cart without a full reload, and the header count updates', async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      await page.goto(`${server().origin}${PRODUCT}`);
      await waitForHydration(page);
      await markWindow(page);
      await page.locator(`${ADD_FORM} input[name="quantity"]`).fill('3');
      await page.locator(`${ADD_FORM} button[type="submit"]`).click();
      await page.waitForURL(`${server().origin}${PRODUCT}?added=3`);
      await page.waitForFunction(
        () => document.querySelector('header .cart-count')?.textContent?.trim() === '3',
      );
      expect(await hasMarker(page)).toBe(true);
      expect(await page.locator('[role="status"]').first().textContent()).not.toBe('');

      await page.locator('header a[href="/cart"]').click();
      await page.waitForURL(`${server().origin}/cart`);
      await page.waitForSelector('main form:has(input[name="_action"][value="remove"])');
      expect(await page.locator('main').textContent()).toContain('Chef knife 20 cm');
      expect(problems).toEqual([]);
      // Hydration data, deferred values, navigation and the action all ran under the nonce-based CSP.
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('mints a fresh add-to-cart key in the browser on each visit of the shared product page', async () => {
    const page = await newPage();
    try {
      const keys: string[] = [];
      for (let visit = 0; visit < 2; visit += 1) {
        await page.goto(`${server().origin}${PRODUCT}`);
        await waitForHydration(page);
        const key = page.locator(`${ADD_FORM} input[name="${IDEMPOTENCY_FIELD}"]`);
        await key.waitFor({ state: 'attached' });
        keys.push(await key.inputValue());
      }
      expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(keys[1]).not.toBe(keys[0]);
    } finally {
      await page.close();
    }
  });

  it('shows an invalid quantity error in place and keeps the value', async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}${PRODUCT}`);
      await waitForHydration(page);
      await markWindow(page);
      // The browser's own min/max check would stop the post; the server's check is what is tested.
      await page
        .locator(`${ADD_FORM} input[name="quantity"]`)
        .evaluate((input) => input.removeAttribute('min'));
      await page.locator(`${ADD_FORM} input[name="quantity"]`).fill('0');
      await page.locator(`${ADD_FORM} button[type="submit"]`).click();
      await page.waitForSelector(`${ADD_FORM} .field-error`);
      expect(page.url()).toBe(`${server().origin}${PRODUCT}`);
      expect(await page.locator(`${ADD_FORM} input[name="quantity"]`).inputValue()).toBe('0');
      expect(await hasMarker(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('a double click on submit sends one request', async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}${PRODUCT}`);
      await waitForHydration(page);
      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST') posts += 1;
      });
      await page.locator(`${ADD_FORM} button[type="submit"]`).dblclick();
      await page.waitForURL(`${server().origin}${PRODUCT}?added=1`);
      await page.waitForFunction(
        () => document.querySelector('header .cart-count')?.textContent?.trim() === '1',
      );
      expect(posts).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('shows a message on the form and keeps the typed values when the post fails', async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}${PRODUCT}`);
      await waitForHydration(page);
      await page.route('**/_data/**', (route) =>
        route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
      );
      await page.locator(`${ADD_FORM} input[name="quantity"]`).fill('7');
      await page.locator(`${ADD_FORM} button[type="submit"]`).click();
      await page.waitForSelector(`${ADD_FORM} [role="alert"]`);
      expect(await page.locator(`${ADD_FORM} input[name="quantity"]`).inputValue()).toBe('7');
      expect(await page.locator(`${ADD_FORM} button[type="submit"]`).isEnabled()).toBe(true);
      expect(page.url()).toBe(`${server().origin}${PRODUCT}`);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
  });

  it('works with JavaScript disabled: add, invalid quantity, update, − / + and remove', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    try {
      await page.goto(`${server().origin}${PRODUCT}`);
      await page.locator(`${ADD_FORM} input[name="quantity"]`).fill('2');
      await page.locator(`${ADD_FORM} button[type="submit"]`).click();
      await page.waitForURL(`${server().origin}${PRODUCT}?added=2`);
      // The product page is shared through caches: it has no count of this visitor's; the cart has.
      expect(await page.locator('header .cart-count').count()).toBe(0);
      await page.goto(`${server().origin}/cart`);
      expect((await cartCount(page))?.trim()).toBe('2');
      await page.goto(`${server().origin}${PRODUCT}`);

      await page
        .locator(`${ADD_FORM} input[name="quantity"]`)
        .evaluate((input) => input.removeAttribute('max'));
      await page.locator(`${ADD_FORM} input[name="quantity"]`).fill('100');
      const invalid = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.locator(`${ADD_FORM} button[type="submit"]`).click();
      expect((await invalid).status()).toBe(422);
      await page.waitForSelector(`${ADD_FORM} .field-error`);
      expect(await page.locator(`${ADD_FORM} input[name="quantity"]`).inputValue()).toBe('100');

      await page.goto(`${server().origin}/cart`);
      await page.locator('main form.quantity-form input[name="quantity"]').fill('5');
      await page.locator('main button[form^="quantity-form-"]').click();
      await page.waitForURL(`${server().origin}/cart`);
      expect((await cartCount(page))?.trim()).toBe('5');

      // The line's − and + are forms too: each posts its quantity and comes back to the cart (303).
      const [plus] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.locator('main form.quantity-step button').nth(1).click(),
      ]);
      expect(plus.status()).toBe(303);
      await page.waitForURL(`${server().origin}/cart`);
      expect((await cartCount(page))?.trim()).toBe('6');
      await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.locator('main form.quantity-step button').nth(0).click(),
      ]);
      await page.waitForURL(`${server().origin}/cart`);
      expect((await cartCount(page))?.trim()).toBe('5');

      await page
        .locator('main form:has(input[name="_action"][value="remove"]) button[type="submit"]')
        .first()
        .click();
      await page.waitForURL(`${server().origin}/cart`);
      expect(await page.locator('main').textContent()).toContain('Your cart is empty');
    } finally {
      await page.close();
    }
  });
});

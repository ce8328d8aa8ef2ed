import { expect, it } from 'vitest';
import { cspViolations, describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const ADD_FORM = 'form.add-to-cart';

describeInChromium('the server-side cart and the checkout', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it('keeps the adds of two tabs clicking at the same moment', async () => {
    const first = await newPage();
    try {
      await first.goto(`${server().origin}/products/chef-knife-20cm`);
      await waitForHydration(first);
      await first.locator(`${ADD_FORM} button[type="submit"]`).click();
      await first.waitForURL(/added=1/);
      // A second tab of the same browser: the same cart cookie.
      const second = await first.context().newPage();
      await second.goto(`${server().origin}/products/brass-table-lamp`);
      await waitForHydration(second);
      await first.goto(`${server().origin}/products/oak-serving-board`);
      await waitForHydration(first);
      await Promise.all([
        first.locator(`${ADD_FORM} button[type="submit"]`).click(),
        second.locator(`${ADD_FORM} button[type="submit"]`).click(),
      ]);
      await Promise.all([first.waitForURL(/added=1/), second.waitForURL(/added=1/)]);
      await first.goto(`${server().origin}/cart`);
      const lines = await first.locator('.cart-table tbody tr').count();
      expect(lines).toBe(3);
      expect((await first.locator('header .cart-count').textContent())?.trim()).toBe('3');
    } finally {
      await first.context().close();
    }
  });

  it('checks out in German: field errors in place without a reload, then the confirmation', async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      await page.goto(`${server().origin}/de/products/chef-knife-20cm`);
      await waitForHydration(page);
      await page.locator(`${ADD_FORM} button[type="submit"]`).click();
      await page.waitForURL(/added=1/);
      await page.goto(`${server().origin}/de/checkout`);
      await waitForHydration(page);
      await markWindow(page);
      await page.fill('#checkout-name', 'Grace Hopper');
      await page.fill('#checkout-email', 'grace@');
      await page.click('.checkout-form__submit');
      await page.waitForSelector('#checkout-email-error');
      expect(await page.locator('#checkout-email-error').textContent()).toBe(
        'Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.',
      );
      expect(await page.inputValue('#checkout-name')).toBe('Grace Hopper');
      expect(await hasMarker(page)).toBe(true);

      await page.fill('#checkout-email', 'grace@example.com');
      await page.fill('#checkout-street', 'Unter den Linden 1');
      await page.fill('#checkout-postcode', '10117');
      await page.fill('#checkout-city', 'Berlin');
      await page.selectOption('#checkout-country', 'DE');
      await page.click('.checkout-form__submit');
      await page.waitForURL(/\/de\/orders\/[0-9a-f-]{36}$/);
      expect(await page.locator('h1').textContent()).toBe('Vielen Dank für Ihre Bestellung');
      expect(await page.locator('main').textContent()).toContain('1 × Kochmesser 20 cm');
      expect(await hasMarker(page)).toBe(true);
      expect(await page.locator('header .cart-count').count()).toBe(0);
      expect(problems).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

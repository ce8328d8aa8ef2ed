import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PASSWORD } from '../helpers/accounts.ts';
import { cspViolations, describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

/** Where the screenshots of the signed-in header and of /account go, to look at them. */
const SCREENSHOTS = process.env.ACCOUNT_SCREENSHOTS_DIR;

async function submitCredentials(page: Page, action: 'sign-up' | 'sign-in', email: string) {
  await page.fill(`#${action}-email`, email);
  await page.fill(`#${action}-password`, PASSWORD);
  await page.click('.account-form__submit');
}

describeInChromium('accounts', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());
  const url = (path: string) => `${server().origin}${path}`;

  it('signs up, fills the cart, signs out, signs in on a fresh browser, finds the cart and orders from it', async () => {
    const email = `chromium-${randomUUID().slice(0, 8)}@example.com`;
    const first = await newPage();
    const problems = collectPageProblems(first);
    try {
      await first.goto(url('/sign-up'));
      await waitForHydration(first);
      await markWindow(first);
      await submitCredentials(first, 'sign-up', email);
      await first.waitForURL(url('/account'));
      expect(await hasMarker(first)).toBe(true);
      expect(await first.locator('header .account-link').textContent()).toContain(email);

      await first.goto(url('/products/chef-knife-20cm'));
      await waitForHydration(first);
      await first.locator('form.add-to-cart button[type="submit"]').click();
      await first.waitForURL(/added=1/);
      await first.goto(url('/account'));
      await waitForHydration(first);
      await first.getByRole('button', { name: 'Sign out', exact: true }).click();
      await first.waitForURL(url('/'));
      expect(await first.locator('header .account-link').textContent()).toBe('Sign in');
      expect(await first.locator('header .cart-count').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await first.context().close();
    }

    const second = await newPage();
    const secondProblems = collectPageProblems(second);
    try {
      await second.goto(url('/account'));
      await second.waitForURL(url('/sign-in?next=%2Faccount'));
      await waitForHydration(second);
      await submitCredentials(second, 'sign-in', email);
      await second.waitForURL(url('/account'));
      expect((await second.locator('header .cart-count').textContent())?.trim()).toBe('1');
      await second.goto(url('/cart'));
      expect(await second.locator('.cart-table tbody tr').count()).toBe(1);

      await second.goto(url('/checkout'));
      await waitForHydration(second);
      expect(await second.inputValue('#checkout-email')).toBe(email);
      await second.fill('#checkout-name', 'Ada Lovelace');
      await second.fill('#checkout-street', '12 St James’s Square');
      await second.fill('#checkout-postcode', 'SW1Y 4JH');
      await second.fill('#checkout-city', 'London');
      await second.selectOption('#checkout-country', 'GB');
      await second.click('.checkout-form__submit');
      await second.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
      const orderPath = new URL(second.url()).pathname;

      await second.goto(url('/account'));
      await waitForHydration(second);
      const link = second.locator(`.account-orders a[href="${orderPath}"]`);
      expect(await link.count()).toBe(1);
      expect(await second.locator('.account-orders tbody').textContent()).toContain('€89.00');
      if (SCREENSHOTS) {
        await second.screenshot({ path: `${SCREENSHOTS}/account.png`, fullPage: true });
        await second
          .locator('header.site-header')
          .screenshot({ path: `${SCREENSHOTS}/header-signed-in.png` });
      }
      await link.click();
      await second.waitForURL(url(orderPath));
      expect(await second.locator('h1').textContent()).toBe('Thank you for your order');
      expect(secondProblems).toEqual([]);
      expect(await cspViolations(second)).toEqual([]);
    } finally {
      await second.context().close();
    }
  });

  it('signs up and shows the errors in place without JavaScript, in French', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    try {
      await page.goto(url('/fr/sign-up'));
      await page.fill('#sign-up-email', 'pas-une-adresse');
      await page.fill('#sign-up-password', 'court');
      await page.click('.account-form__submit');
      await page.waitForSelector('#sign-up-password-error');
      expect(await page.locator('#sign-up-password-error').textContent()).toBe(
        'Utilisez au moins 10 caractères.',
      );
      expect(await page.inputValue('#sign-up-email')).toBe('pas-une-adresse');
      expect(await page.inputValue('#sign-up-password')).toBe('');
      await submitCredentials(page, 'sign-up', `sans-js-${randomUUID().slice(0, 8)}@example.com`);
      await page.waitForURL(url('/fr/account'));
      expect(await page.locator('h1').textContent()).toBe('Votre compte');
    } finally {
      await page.context().close();
    }
  });
});

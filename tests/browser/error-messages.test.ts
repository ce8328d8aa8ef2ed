import { expect, it } from 'vitest';
import { HttpError } from '../../shared/index.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp, storefrontDataSteps } from '../helpers/storefront-app.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

/** The storefront with its product pages behind a guard, as an app would put an admin area. */
function guardedProducts() {
  const dataSteps = {
    ...storefrontDataSteps,
    product: () => {
      throw new HttpError(403, 'Admins only');
    },
  };
  return createStorefrontApp({}, captureLogger(), dataSteps);
}

describeInChromium("an HttpError's public message on the error page", ({ newPage }) => {
  const server = listenForSuite(guardedProducts);

  it('shows the guard’s message after a client navigation and after a page load', async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}/shop`);
      await waitForHydration(page);
      await markWindow(page);
      await page.locator('.product-card__link').first().click();
      const title = page.locator('h1.error-page__title');
      await title.waitFor();
      expect(await title.textContent()).toBe('403: Admins only');
      expect(await page.title()).toBe('403: Admins only');
      // The router showed it: no full page load.
      expect(await hasMarker(page)).toBe(true);

      await page.reload();
      await title.waitFor();
      expect(await title.textContent()).toBe('403: Admins only');
      expect(await page.locator('body').textContent()).not.toContain('Forbidden');
    } finally {
      await page.close();
    }
  });
});

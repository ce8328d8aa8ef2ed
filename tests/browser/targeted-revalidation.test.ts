import type { Page, Response } from 'playwright-core';
import { expect, it } from 'vitest';
import { storefrontDataSteps } from '../../server/storefront/data-steps.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { countedSteps, type StepRun, stepsFor } from '../helpers/counted-steps.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

const QUICK_ADD = '.product-card form.quick-add button[type="submit"]';

/** The next GET of /shop's data URL: the revalidation's request (prefetches ask for products). */
function nextShopDataAnswer(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/_data\/[^/]+\/shop$/.test(response.url()),
  );
}

describeInChromium('targeted revalidation after a fetcher’s action', ({ newPage }) => {
  const ran: StepRun[] = [];
  const server = listenForSuite(() =>
    createStorefrontApp({}, captureLogger(), countedSteps(storefrontDataSteps, ran)),
  );

  it("a quick add on /shop runs only the root segment's step, and moves fewer bytes than a full revalidation", async () => {
    const page = await newPage();
    try {
      await page.goto(`${server().origin}/shop`);
      await waitForHydration(page);
      ran.length = 0;
      const title = await page.title();
      const answered = nextShopDataAnswer(page);
      await page.locator(QUICK_ADD).first().click();
      const answer = await answered;
      // Read at once: Chromium may drop a response's body from its buffer later (seen under load).
      const targeted = await answer.body();
      await page.waitForFunction(
        () => document.querySelector('header .cart-count')?.textContent?.trim() === '1',
      );
      expect(stepsFor(ran, '/shop')).toEqual(['root']);
      expect(answer.request().headers()['x-keep-segments']).toBe('shop-layout,shop');
      const full = await page.evaluate(
        (url) => fetch(url, { headers: { Accept: 'application/x-ndjson' } }).then((r) => r.text()),
        answer.url(),
      );
      expect(targeted.byteLength).toBeLessThan(new TextEncoder().encode(full).byteLength / 4);
      // The listing, its sort and the page's title are the ones on screen, untouched.
      expect(await page.title()).toBe(title);
      expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });
});

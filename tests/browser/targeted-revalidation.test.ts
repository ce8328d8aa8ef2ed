import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { captureLogger } from '../helpers/capture-logger.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { countedSteps, type StepRun, stepsFor } from '../helpers/counted-steps.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp, storefrontDataSteps } from '../helpers/storefront-app.ts';

const QUICK_ADD = '.product-card form.quick-add button[type="submit"]';

interface CapturedAnswer {
  body: Buffer;
  keepSegments: string | undefined;
  url: string;
}

/**
 * The next GET of /shop's data URL (the revalidation's request; prefetches ask for products), fetched
 * through the page's route so its body is read here in full: Chromium's own copy of a streamed body
 * may be gone by the time a test asks for it. Resolves once the route is in place; call the result to
 * wait for the answer.
 */
async function nextShopDataAnswer(page: Page): Promise<() => Promise<CapturedAnswer>> {
  const pattern = /\/_data\/[^/]+\/shop$/;
  let captured: ((answer: CapturedAnswer) => void) | undefined;
  const answer = new Promise<CapturedAnswer>((resolve) => {
    captured = resolve;
  });
  await page.route(pattern, async (route) => {
    const request = route.request();
    const capture = captured;
    if (request.method() !== 'GET' || !capture) return route.continue();
    captured = undefined;
    const response = await route.fetch();
    capture({
      body: await response.body(),
      keepSegments: request.headers()['x-keep-segments'],
      url: request.url(),
    });
    await route.fulfill({ response });
  });
  return () => answer;
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
      const answered = await nextShopDataAnswer(page);
      await page.locator(QUICK_ADD).first().click();
      const answer = await answered();
      await page.waitForFunction(
        () => document.querySelector('header .cart-count')?.textContent?.trim() === '1',
      );
      expect(stepsFor(ran, '/shop')).toEqual(['root']);
      expect(answer.keepSegments).toBe('shop-layout,shop');
      const full = await page.evaluate(
        (url) => fetch(url, { headers: { Accept: 'application/x-ndjson' } }).then((r) => r.text()),
        answer.url,
      );
      expect(answer.body.byteLength).toBeLessThan(new TextEncoder().encode(full).byteLength / 4);
      // The listing, its sort and the page's title are the ones on screen, untouched.
      expect(await page.title()).toBe(title);
      expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });
});

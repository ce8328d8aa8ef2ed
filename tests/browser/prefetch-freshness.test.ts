import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PREFETCH_FRESH_MS } from '../../client/navigation/router-model.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { listenForSuite } from '../helpers/listen.ts';
import { waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

/** A footer link, far below a 400 px viewport: only focusing it prefetches it. */
const TARGET = '/help/account/privacy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the data requests for TARGET, and waits (bounded) until there are `count`. */
function targetRequests(page: Page) {
  let seen = 0;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/_data/') && pathname.endsWith(TARGET)) seen += 1;
  });
  return {
    count: () => seen,
    async reach(count: number) {
      for (let waited = 0; seen < count && waited < 3_000; waited += 50) await sleep(50);
      return seen;
    },
  };
}

describeInChromium('prefetch freshness', ({ newPage }) => {
  const server = listenForSuite(() => createStorefrontApp());

  it('prefetches a stale entry (30 s) again with a new request, and the click takes that answer', async () => {
    const page = await newPage();
    try {
      // The page's clock, so 30 s pass at once; time still flows between the steps.
      await page.clock.install();
      await page.setViewportSize({ width: 1280, height: 400 });
      const requests = targetRequests(page);
      await page.goto(`${server().origin}/`);
      await waitForHydration(page);
      const link = page.locator(`footer a[href="${TARGET}"]`);
      await link.focus();
      expect(await requests.reach(1)).toBe(1);
      await sleep(300);

      await page.clock.fastForward(PREFETCH_FRESH_MS);
      await link.blur();
      await link.focus();
      expect(await requests.reach(2)).toBe(2);
      await sleep(300);

      await link.click();
      await page.waitForURL(`${server().origin}${TARGET}`);
      await sleep(200);
      expect(requests.count()).toBe(2);
    } finally {
      await page.close();
    }
  });
});

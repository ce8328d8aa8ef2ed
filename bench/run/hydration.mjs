// Client side of the light pair: the time from navigation start to hydrated (`<html data-hydrated>`, which
// both clients set once React has hydrated) on cold loads in Debian's Chromium, each in a fresh context (no
// cache), interleaved server by server; the median of `loads` each.
import { LIGHT_PATH, launchChromium, median, PERSON_USER_AGENT } from '../lib.mjs';

/** ms from navigation start until the document says it is hydrated, in one fresh browser context. */
async function timeToHydrated(browser, origin) {
  const context = await browser.newContext({ userAgent: PERSON_USER_AGENT });
  try {
    // Records the moment the attribute appears, in the page's own clock (0 = navigation start).
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement?.dataset.hydrated) return;
        window.__hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    const page = await context.newPage();
    await page.goto(`${origin}${LIGHT_PATH}`);
    const handle = await page.waitForFunction(() => window.__hydratedAt, null, { timeout: 10_000 });
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

/** Median time to hydrated per server (`servers`: name -> { origin }); null without Chromium. */
export async function measureHydration(servers, loads) {
  const browser = await launchChromium();
  if (!browser) return null;
  try {
    const samples = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
    // One warm-up load each (the servers' first render), then interleaved rounds.
    for (let round = 0; round <= loads; round++) {
      for (const [name, server] of Object.entries(servers)) {
        const ms = await timeToHydrated(browser, server.origin);
        if (round > 0) samples[name].push(ms);
      }
    }
    return Object.fromEntries(
      Object.entries(samples).map(([name, list]) => [
        name,
        { loads: list.length, medianMs: median(list), samples: list },
      ]),
    );
  } finally {
    await browser.close();
  }
}

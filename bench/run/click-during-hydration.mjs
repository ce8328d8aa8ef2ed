// An INP-style figure (issue 52): how long a tap on "add to cart" waits for the page to answer it when it
// lands while the page hydrates, on a phone's CPU (DevTools' 4x CPU throttling). The tap is a real mouse
// click (DevTools input) on /de/shop's first quick add as soon as React listens on the document; the figure is
// Chromium's event timing for it (the longest entry of its interaction: from the input to the next paint
// after its handlers), the median of `loads` cold loads.
//
// Alone: `node bench/run/click-during-hydration.mjs [--loads 5] [--origin http://127.0.0.1:3000] [--dist dist]`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cliOption,
  launchChromium,
  median,
  PERSON_USER_AGENT,
  pinning,
  ROOT,
  runMain,
  startServer,
  stopChild,
} from '../lib.mjs';

export const CLICK_PAGE = '/de/shop';
const QUICK_ADD = '.product-card form.quick-add button[type="submit"]';
export const CPU_SLOWDOWN = 4;

/** One cold load with a tap during hydration: the interaction's longest event timing entry, in ms. */
async function oneTap(browser, origin) {
  const context = await browser.newContext({
    userAgent: PERSON_USER_AGENT,
    viewport: { width: 412, height: 823 },
  });
  try {
    await context.addInitScript(() => {
      window.__interactions = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.interactionId) window.__interactions.push({ name: entry.name, duration: entry.duration });
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}${CLICK_PAGE}`, { waitUntil: 'commit' });
    const button = page.locator(QUICK_ADD).first();
    await button.waitFor({ state: 'attached' });
    const box = await button.boundingBox();
    // React marks the container it listens on when hydration starts.
    await page.waitForFunction(
      () => Object.keys(document).some((key) => key.startsWith('_reactListening')),
      null,
      {
        polling: 'raf',
      },
    );
    const hydratedBefore = await page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(
      () => document.querySelector('header .cart-count')?.textContent?.trim() === '1',
    );
    await page.waitForFunction(() => window.__interactions.some((entry) => entry.name === 'click'));
    const entries = await page.evaluate(() => window.__interactions);
    return { ms: Math.max(...entries.map((entry) => entry.duration)), duringHydration: !hydratedBefore };
  } finally {
    await context.close();
  }
}

/** The median interaction time of `loads` taps during hydration; null without Chromium. */
export async function measureClickDuringHydration(origin, loads = 5) {
  const browser = await launchChromium();
  if (!browser) return null;
  try {
    const samples = [];
    for (let load = 0; load < loads; load++) samples.push(await oneTap(browser, origin));
    return {
      page: CLICK_PAGE,
      cpuSlowdown: CPU_SLOWDOWN,
      medianMs: median(samples.map((sample) => sample.ms)),
      samples,
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runMain('click during hydration', async () => {
    const loads = Number(cliOption('--loads', '5'));
    const given = cliOption('--origin', undefined);
    const distDir = path.resolve(ROOT, cliOption('--dist', 'dist'));
    const server = given ? undefined : await startServer('ours', { pin: pinning(), distDir });
    try {
      console.log(JSON.stringify(await measureClickDuringHydration(given ?? server.origin, loads), null, 2));
    } finally {
      await stopChild(server?.child);
    }
  });
}

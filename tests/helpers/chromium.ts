import { execFileSync } from 'node:child_process';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import launch from './chromium-launch.json' with { type: 'json' };

/** Debian's Chromium: CHROMIUM_PATH, else `chromium` on PATH. Browser tests are skipped without it. */
export const chromiumPath: string | undefined = process.env.CHROMIUM_PATH || findOnPath('chromium');

export const CHROMIUM_MISSING =
  'Browser tests skipped: Chromium not found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.';

if (!chromiumPath) console.warn(CHROMIUM_MISSING);

function findOnPath(command: string): string | undefined {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Launches headless Chromium with the flags this machine needs (no sandbox as root, no network chatter),
 * kept in chromium-launch.json, which the bench's hydration timing reads too.
 */
function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: launch.args,
  });
}

/**
 * Headless Chromium says "HeadlessChrome" in its user agent, which the isbot list rightly calls a crawler
 * (complete documents, no prefetching). Tests that play a person use an ordinary Chrome user agent.
 */
export const PERSON_USER_AGENT = launch.personUserAgent;

/** What a browser suite's tests get: fresh pages of the suite's one Chromium. */
export interface ChromiumSuite {
  /** A fresh page (own cookies and storage) as a person's browser would open it (or a crawler, given its user agent). */
  newPage(options?: PersonPageOptions): Promise<Page>;
}

type PersonPageOptions = Pick<BrowserContextOptions, 'javaScriptEnabled' | 'reducedMotion' | 'userAgent'>;

/**
 * A describe block whose tests share one headless Chromium, launched before them and closed after them;
 * skipped, with the reason in its title, when Chromium is missing. Every browser test runs in one.
 */
export function describeInChromium(title: string, body: (chromium: ChromiumSuite) => void): void {
  describe.skipIf(!chromiumPath)(
    `${title} in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`,
    () => {
      let browser: Browser | undefined;
      beforeAll(async () => {
        browser = await launchChromium();
      });
      afterAll(async () => {
        await browser?.close();
      });
      body({
        newPage(options) {
          if (!browser) throw new Error('Chromium is not running: newPage() is for the tests of the suite');
          return newPersonPage(browser, options);
        },
      });
    },
  );
}

async function newPersonPage(browser: Browser, options: PersonPageOptions = {}) {
  const context = await browser.newContext({ userAgent: PERSON_USER_AGENT, locale: 'en-US', ...options });
  // Records Content-Security-Policy violations, so tests can assert there were none.
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  page.on('close', () => {
    context.close().catch(() => {});
  });
  return page;
}

/** The CSP violations the page reported since it loaded. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInChromium } from '../helpers/chromium.ts';
import { type DevSession, startDevSession } from '../helpers/dev-session.mjs';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const OVERLAY = '[data-dev-overlay]';
/** How long an edit may take to reach the page: a rebuild and a restart, with the whole suite on two cores. */
const REFRESH_TIMEOUT_MS = 30_000;

describeInChromium('dev mode with Fast Refresh (npm run dev on a copy of an app)', (chromium) => {
  let dev: DevSession;
  beforeAll(async () => {
    dev = await startDevSession();
  }, 40_000);
  afterAll(async () => {
    await dev?.stop();
  });
  // What dev mode printed, to tell why a test failed.
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(`npm run dev said:\n${dev?.output()}`);
  });

  /** The counter page, hydrated, marked, clicked three times and with text typed into its input. */
  async function pageWithState(): Promise<Page> {
    const page = await chromium.newPage();
    const problems = collectPageProblems(page);
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${dev.origin}/`);
    await waitForHydration(page).catch((error) => {
      throw new Error(`${error.message}\n${problems.join('\n')}`);
    });
    await markWindow(page);
    for (let click = 0; click < 3; click++) await page.click('#count');
    await page.fill('#draft', 'typed text');
    return page;
  }
  const state = (page: Page) =>
    page.evaluate(() => ({
      count: document.querySelector('#count')?.textContent,
      draft: (document.querySelector('#draft') as HTMLInputElement | null)?.value,
    }));
  const textOf = (page: Page, selector: string, text: string) =>
    page.waitForFunction(
      ([selector, text]) => document.querySelector(selector)?.textContent?.includes(text),
      [selector, text] as const,
      { timeout: REFRESH_TIMEOUT_MS },
    );

  it('swaps an edited component in place: the new text shows, state and page stay', async () => {
    const page = await pageWithState();
    const problems = collectPageProblems(page);
    const restarts = dev.restarts();
    await dev.edit('counter-page.tsx', 'the first version', 'the second version');
    await textOf(page, '#greeting', 'the second version');
    // The text comes as a hot module, before the restart ends: the next test's page needs the new server.
    await dev.restartedAfter(restarts, REFRESH_TIMEOUT_MS);
    expect(await state(page)).toEqual({ count: 'Clicked 3 times', draft: 'typed text' });
    expect(await hasMarker(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('swaps an edited stylesheet without a reload', async () => {
    const page = await pageWithState();
    const color = () => page.$eval('#greeting', (element) => getComputedStyle(element).color);
    expect(await color()).toBe('rgb(0, 0, 128)');
    const restarts = dev.restarts();
    await dev.edit('dev-app.css', 'rgb(0, 0, 128)', 'rgb(128, 0, 0)');
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('#greeting') as Element).color === 'rgb(128, 0, 0)',
      null,
      { timeout: REFRESH_TIMEOUT_MS },
    );
    await dev.restartedAfter(restarts, REFRESH_TIMEOUT_MS);
    expect(await hasMarker(page)).toBe(true);
    expect(await state(page)).toEqual({ count: 'Clicked 3 times', draft: 'typed text' });
    await page.close();
  });

  it('shows a syntax error in the overlay; its fix removes it and keeps the state', async () => {
    const page = await pageWithState();
    let restarts: number;
    await dev.edit('counter-page.tsx', '<section>', '<section>{');
    try {
      await page.waitForSelector(OVERLAY, { timeout: REFRESH_TIMEOUT_MS });
      const overlay = await page.textContent(OVERLAY);
      expect(overlay).toContain('Build failed');
      expect(overlay).toContain('counter-page.tsx');
    } finally {
      restarts = dev.restarts();
      await dev.edit('counter-page.tsx', '<section>{', '<section>');
    }
    await page.waitForSelector(OVERLAY, { state: 'detached', timeout: REFRESH_TIMEOUT_MS });
    await dev.restartedAfter(restarts, REFRESH_TIMEOUT_MS);
    expect(await state(page)).toEqual({ count: 'Clicked 3 times', draft: 'typed text' });
    expect(await hasMarker(page)).toBe(true);
    await page.close();
  });

  it('refreshes the page data in place after a data step edit', async () => {
    const page = await pageWithState();
    const restarts = dev.restarts();
    await dev.edit('server-app.ts', 'from the first data step', 'from the second data step');
    await textOf(page, '#message', 'from the second data step');
    await dev.restartedAfter(restarts);
    expect(await hasMarker(page)).toBe(true);
    expect(await state(page)).toEqual({ count: 'Clicked 3 times', draft: 'typed text' });
    await page.close();
  });

  it('shows an error thrown while rendering at its source line; the fix removes the overlay', async () => {
    const page = await pageWithState();
    const hook = 'const [count, setCount] = useState(0);';
    const failing = `${hook}\n  if (count >= 3) throw new Error('counted too far');`;
    const source = await readFile(new URL('../fixtures/dev-app/counter-page.tsx', import.meta.url), 'utf8');
    // The throw goes on the line after the hook's (1-based).
    const throwLine = source.split('\n').findIndex((line) => line.includes(hook)) + 2;
    let restarts: number;
    await dev.edit('counter-page.tsx', hook, failing);
    try {
      await page.waitForFunction(
        ([selector, at]) => document.querySelector(selector)?.textContent?.includes(at),
        [OVERLAY, `counter-page.tsx:${throwLine}:`] as const,
        { timeout: REFRESH_TIMEOUT_MS },
      );
      expect(await page.textContent(OVERLAY)).toContain('counted too far');
    } finally {
      // The fix, whatever happened above: the next tests start from the working page.
      restarts = dev.restarts();
      await dev.edit('counter-page.tsx', failing, hook);
    }
    await page.waitForSelector(OVERLAY, { state: 'detached', timeout: REFRESH_TIMEOUT_MS });
    await page.waitForSelector('#greeting');
    await dev.restartedAfter(restarts, REFRESH_TIMEOUT_MS);
    expect(await hasMarker(page)).toBe(true);
    await page.close();
  });

  it('reloads the page when an edited module exports more than components', async () => {
    const page = await pageWithState();
    await dev.edit(
      'counter-page.tsx',
      'export const head',
      "export const label = 'Counter';\nexport const head",
    );
    await page.waitForFunction(() => !(window as unknown as { __marker?: number }).__marker, null, {
      timeout: REFRESH_TIMEOUT_MS,
    });
    await waitForHydration(page, REFRESH_TIMEOUT_MS);
    expect(await state(page)).toEqual({ count: 'Clicked 0 times', draft: '' });
    await page.close();
  });

  it('a tab loaded during a restart slower than the proxy waits gets the 503 page, which reloads itself when the server is back', async () => {
    // Every server start from now on takes longer than the proxy holds a request (DEV_WAIT_MS, 5 s).
    const startDelay = 'await new Promise((resolve) => setTimeout(resolve, 8_000));\nconst dataSteps = {';
    let restarts = dev.restarts();
    await dev.edit('server-app.ts', 'const dataSteps = {', startDelay);
    try {
      await dev.restartedAfter(restarts, 40_000);
      const page = await chromium.newPage();
      await page.goto(`${dev.origin}/`);
      await waitForHydration(page);
      // A client module's edit: the tabs are told `restarted` with nothing to refresh, which the 503 page
      // must take as its cue all the same.
      restarts = dev.restarts();
      await dev.edit('counter-page.tsx', 'export const head', '// edited\nexport const head');
      let status = 0;
      for (let attempt = 0; attempt < 10 && status !== 503; attempt++)
        status = (await page.reload({ timeout: REFRESH_TIMEOUT_MS }))?.status() ?? 0;
      expect(status).toBe(503);
      expect(await page.textContent('body')).toContain('This page reloads when the server is back.');
      await dev.restartedAfter(restarts, 40_000);
      await waitForHydration(page, REFRESH_TIMEOUT_MS);
      expect(await page.textContent('#count')).toBe('Clicked 0 times');
      await page.close();
    } finally {
      await dev.edit('server-app.ts', startDelay, 'const dataSteps = {');
    }
  }, 120_000);
});

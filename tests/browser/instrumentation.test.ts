// Browser observers (docs/instrumentation.md): an app's observers see a navigation, its route load and a
// fetcher, each with the route pattern and how it ended.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Observed } from '../fixtures/observed-app/app.ts';
import { type BuiltApp, buildAndStart } from '../helpers/built-app.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { waitForHydration } from '../helpers/page-problems.ts';

describeInChromium('browser instrumentation', ({ newPage }) => {
  let built: BuiltApp;

  beforeAll(async () => {
    built = await buildAndStart({
      app: 'tests/fixtures/observed-app/app.ts',
      serverApp: 'tests/fixtures/observed-app/server-app.ts',
    });
  }, 60_000);
  afterAll(() => built?.stop());

  it('tells observers of a navigation, its route load and a fetcher, with the route pattern and outcome', async () => {
    const page = await newPage();
    try {
      await page.goto(`${built.server.origin}/`);
      await waitForHydration(page);
      const observed = () => page.evaluate(() => window.observed ?? []);
      expect(await observed()).toEqual([]);

      await page.getByRole('link', { name: 'Note 7' }).click();
      await page.getByRole('heading', { name: 'Note 7' }).waitFor();
      await page.waitForFunction(() => (window.observed?.length ?? 0) >= 2);
      expect(await observed()).toEqual<Observed[]>([
        { kind: 'route load', routePattern: '/notes/:id', outcome: 'page', status: 200 },
        { kind: 'navigation', routePattern: '/notes/:id', outcome: 'committed' },
      ]);

      await page.getByRole('button', { name: 'Star' }).click();
      await page.getByRole('status').filter({ hasText: 'Starred' }).waitFor();
      await page.waitForFunction(() =>
        (window.observed ?? []).some(({ kind }) => kind.startsWith('fetcher')),
      );
      // The action's success refreshes the page's data: a route load of its own, no navigation.
      await page.waitForFunction(() => (window.observed?.length ?? 0) >= 4);
      expect((await observed()).slice(2)).toEqual(
        expect.arrayContaining<Observed>([
          { kind: 'fetcher POST', routePattern: '/notes/:id', outcome: 'done' },
          { kind: 'route load', routePattern: '/notes/:id', outcome: 'page', status: 200 },
        ]),
      );
      expect((await observed()).filter(({ kind }) => kind === 'navigation')).toHaveLength(1);
    } finally {
      await page.close();
    }
  });
});

// The bilingual fixture (Spanish by default, every URL prefixed) built and served as `npm start` would. The
// build learns its locales from the app (build/app-modules.mjs), the server preloads each page's strings from
// that list (server/render/document-assets.ts), and the browser compiles the locales as the server does: it
// navigates within a locale by itself and leaves the other locale to a full load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildAndStart } from '../helpers/built-app.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

describe('an app with its own locales, built and served', () => {
  let built: BuiltApp;

  beforeAll(async () => {
    built = await buildAndStart({
      app: 'tests/fixtures/bilingual-app/app.ts',
      serverApp: 'tests/fixtures/bilingual-app/server-app.ts',
    });
  }, 60_000);
  afterAll(() => built?.stop());

  it('builds a strings chunk for each of its locales, and none for another', () => {
    const { locales } = built.manifest;
    expect(Object.keys(locales).sort()).toEqual(['en', 'es']);
    expect(locales.es?.file).not.toBe(locales.en?.file);
  });

  it.each([
    ['/es/note', 'es', 'en'],
    ['/en/note', 'en', 'es'],
    ['/en/missing', 'en', 'es'],
  ] as const)('%s preloads the strings of its locale (%s) only', async (path, locale, other) => {
    const preloadOf = (name: 'es' | 'en') =>
      `<link rel="modulepreload" href="/_assets/${built.manifest.locales[name]?.file}"`;
    const html = await (await fetch(`${built.server.origin}${path}`)).text();
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(preloadOf(locale));
    expect(html).not.toContain(preloadOf(other));
  });

  describeInChromium('in the browser', ({ newPage }) => {
    it('navigates within the page’s locale on the client, and switches locale with a full load', async () => {
      const { origin } = built.server;
      const page = await newPage();
      try {
        const problems = collectPageProblems(page);
        await page.goto(`${origin}/es/note`);
        await waitForHydration(page);
        await markWindow(page);
        await page.getByRole('link', { name: 'Inicio' }).click();
        await page.waitForURL(`${origin}/es`);
        await page.waitForSelector('h1:text("Inicio")');
        expect(await hasMarker(page)).toBe(true);

        await page.getByRole('link', { name: 'English' }).click();
        await page.waitForURL(`${origin}/en`);
        await waitForHydration(page);
        expect(await hasMarker(page)).toBe(false);
        expect(await page.getAttribute('html', 'lang')).toBe('en');
        await markWindow(page);
        await page.getByRole('link', { name: 'Note' }).click();
        await page.waitForSelector('text=A note in English');
        expect(page.url()).toBe(`${origin}/en/note`);
        expect(await hasMarker(page)).toBe(true);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});

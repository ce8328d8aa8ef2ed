// The tutorial's app (apps/shelf/, docs/tutorial.md) built with the real build and served by the real
// server, as its reader builds and serves it, then used in Chromium: so the tutorial cannot go stale. Its own tests (with the test
// kit) are apps/shelf/shelf.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildAndStart } from '../helpers/built-app.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const TUTORIAL_APP = { app: 'apps/shelf/app.ts', serverApp: 'apps/shelf/server-app.ts' };

describe('the tutorial’s app, built and served', () => {
  let built: BuiltApp;
  let origin: string;

  beforeAll(async () => {
    built = await buildAndStart(TUTORIAL_APP);
    origin = built.server.origin;
  }, 60_000);
  afterAll(() => built?.stop());

  it('builds one chunk per page and serves the list with its links and a script to hydrate', async () => {
    expect(built.manifest.routes).toHaveProperty('books');
    expect(built.manifest.routes).toHaveProperty('book');
    const response = await fetch(`${origin}/`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<a href="/books/dune">Dune</a>');
    expect(html).toMatch(/<script[^>]+type="module"/);
  });

  it('carries its small stylesheet (the runtime’s own) in the document instead of linking it', async () => {
    expect(built.manifest.inlineStyle).toContain('.navigation-progress');
    const html = await (await fetch(`${origin}/`)).text();
    expect(html).toContain(
      `<style data-precedence="default" data-href="app-stylesheet">${built.manifest.inlineStyle}</style>`,
    );
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('serves a book, and 404 inside the layout for one that is not on the shelf', async () => {
    const book = await fetch(`${origin}/books/middlemarch`);
    expect(book.status).toBe(200);
    expect(await book.text()).toContain('George Eliot');
    const missing = await fetch(`${origin}/books/no-such-book`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/My shelf[\s\S]*No such book on the shelf/);
  });

  it('takes a form post: 303 for a note, 422 with the error for an empty one', async () => {
    const post = (note: string) =>
      fetch(`${origin}/books/dune`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _action: 'add-note', note }),
        redirect: 'manual',
      });
    const added = await post('Read it twice');
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/books/dune');
    expect(await (await fetch(`${origin}/books/dune`)).text()).toContain('<li>Read it twice</li>');
    const refused = await post('');
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Write a note first.');
  });

  describeInChromium('the tutorial’s app in a browser', ({ newPage }) => {
    it('navigates without a page load and shows a refused note in place, as the tutorial says', async () => {
      const page = await newPage();
      try {
        const problems = collectPageProblems(page);
        await page.goto(`${origin}/`);
        await waitForHydration(page);
        // The inlined stylesheet applies: the live region is visually hidden.
        const announcer = page.locator('[data-route-announcer]');
        expect(await announcer.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
        await markWindow(page);
        await page.getByRole('link', { name: 'The Dispossessed' }).click();
        // Exact: the shelf's list also says "… by Ursula K. Le Guin (0 notes)", so a substring would match before the navigation.
        await page.getByText('by Ursula K. Le Guin', { exact: true }).waitFor();
        expect(await page.title()).toBe('The Dispossessed');

        await page.getByRole('button', { name: 'Add note' }).click();
        await page.getByRole('alert').filter({ hasText: 'Write a note first.' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/books/the-dispossessed');

        await page.getByLabel('Note').fill('Anarres');
        await page.getByRole('button', { name: 'Add note' }).click();
        await page.locator('li', { hasText: 'Anarres' }).waitFor();
        expect(await page.getByLabel('Note').inputValue()).toBe('');
        await page.getByRole('link', { name: 'My shelf' }).click();
        await page.waitForSelector('text=Ursula K. Le Guin (1 note)');
        expect(await hasMarker(page)).toBe(true);
        // Only the server names the inlined stylesheet: the browser's renders keep it.
        expect(await page.locator('head style[data-href="app-stylesheet"]').count()).toBe(1);
        // A reader signs in (a session cookie, a new id) and finds their note under "My notes", with the
        // sign-in notice shown once.
        await page.getByRole('link', { name: 'My notes' }).click();
        await page.getByLabel('Name').fill('Ada');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('status').filter({ hasText: 'Signed in as Ada.' }).waitFor();
        await page.goto(`${origin}/books/middlemarch`);
        await waitForHydration(page);
        await page.getByLabel('Note').fill('Dorothea');
        await page.getByRole('button', { name: 'Add note' }).click();
        await page.locator('li', { hasText: 'Dorothea' }).waitFor();
        await page.getByRole('link', { name: 'My notes' }).click();
        await page.locator('li', { hasText: 'Middlemarch: Dorothea' }).waitFor();
        expect(await page.getByRole('status').count()).toBe(0);
        // The refused post's data answer carries its 422 status, which Chromium logs as a failed resource.
        const refusedPost = 'error: Failed to load resource: the server responded with a status of 422';
        expect(problems.filter((problem) => !problem.startsWith(refusedPost))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});

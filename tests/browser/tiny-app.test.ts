import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildAndStart } from '../helpers/built-app.ts';
import { describeInChromium } from '../helpers/chromium.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { hasMarker, markWindow } from '../helpers/window-marker.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TINY_APP = {
  app: 'tests/fixtures/tiny-app/app.ts',
  serverApp: 'tests/fixtures/tiny-app/server-app.ts',
};
/** The runtime's own files: none of them may name an app. */
const RUNTIME = ['build.mjs', 'build', 'client', 'server', 'shared/routing', 'shared/ui'];

async function runtimeFiles(entry: string): Promise<string[]> {
  const full = path.join(ROOT, entry);
  if (/\.(m?[jt]sx?)$/.test(entry)) return [full];
  const names = await readdir(full, { recursive: true });
  return names
    .filter((name) => /\.(m?[jt]sx?)$/.test(name) && !name.startsWith('storefront'))
    .map((name) => path.join(full, name));
}

describe('a second app on the same runtime', () => {
  let built: BuiltApp;
  let server: BuiltApp['server'];

  beforeAll(async () => {
    built = await buildAndStart(TINY_APP);
    server = built.server;
  }, 60_000);
  afterAll(() => built?.stop());

  it('is named by no runtime file', async () => {
    const files = (await Promise.all(RUNTIME.map(runtimeFiles))).flat();
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const source = await readFile(file, 'utf8');
      expect(source, file).not.toMatch(/from ['"][^'"]*(storefront|tiny-app|bilingual-app)[^'"]*['"]/);
    }
  });

  it('serves its pages inside its nested layout, with the layout’s data', async () => {
    const response = await fetch(`${server.origin}/notes/second`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('Notes (2)');
    expect(html).toContain('Second note, from its data step');
    expect(html).toContain('<title>Second note</title>');
  });

  it('shows its error boundary inside the layouts above when a step fails', async () => {
    const response = await fetch(`${server.origin}/notes/second?fail`);
    const html = await response.text();
    expect(response.status).toBe(500);
    expect(html).toContain('Notes (2)');
    expect(html).toContain('The note failed (500)');
    expect(html).not.toContain('internal detail');
  });

  describeInChromium('the second app', ({ newPage }) => {
    it('navigates between its pages, keeping the layout and its input, a failing child included', async () => {
      const page = await newPage();
      try {
        const problems = collectPageProblems(page);
        await page.goto(`${server.origin}/notes/first`);
        await waitForHydration(page);
        await markWindow(page);
        await page.getByLabel('Draft').fill('kept');
        await page.getByRole('link', { name: 'Second' }).click();
        await page.waitForSelector('text=Second note, from its data step');
        expect(await hasMarker(page)).toBe(true);
        expect(await page.getByLabel('Draft').inputValue()).toBe('kept');
        expect(await page.title()).toBe('Second note');

        // A child that fails shows its error component; the layout around it stays and keeps working.
        await page.getByRole('link', { name: 'Failing' }).click();
        await page.waitForSelector('text=The note failed (500)');
        expect(await page.getByLabel('Draft').inputValue()).toBe('kept');
        await page.getByLabel('Draft').fill('still typing');
        await page.getByRole('link', { name: 'First' }).click();
        await page.waitForSelector('text=First note');
        expect(await page.getByLabel('Draft').inputValue()).toBe('still typing');
        expect(await hasMarker(page)).toBe(true);
        // The failing child's data answer carries its 500 status, which Chromium logs as a failed resource.
        const failedChild = 'error: Failed to load resource: the server responded with a status of 500';
        expect(problems.filter((problem) => !problem.startsWith(failedChild))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});

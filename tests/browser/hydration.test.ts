import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadBuildOutput } from '../../server/definition/build-output.ts';
import { cspViolations, describeInChromium } from '../helpers/chromium.ts';
import { listen, type RunningServer } from '../helpers/listen.ts';
import { collectPageProblems, waitForHydration } from '../helpers/page-problems.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

describeInChromium('hydration', ({ newPage }) => {
  let root: RunningServer;
  let mounted: RunningServer;

  beforeAll(async () => {
    [root, mounted] = await Promise.all([
      listen(createStorefrontApp()),
      listen(createStorefrontApp({ BASE_PATH: '/store' })),
    ]);
  });
  afterAll(async () => {
    await Promise.all([root?.close(), mounted?.close()]);
  });

  it.each([
    ['root', '/', 'en'],
    ['root', '/fr/products/chef-knife-20cm', 'fr'],
    ['root', '/de/shop/kitchen/knives', 'de'],
    ['root', '/help/shipping/delivery-times', 'en'],
    ['root', '/cart', 'en'],
    ['root', '/products/no-such-product', 'en'],
    ['mounted', '/store', 'en'],
    ['mounted', '/store/fr/products/chef-knife-20cm', 'fr'],
    ['mounted', '/store/de/help', 'de'],
  ] as const)('%s server: %s hydrates without console errors or hydration warnings', async (server, path, lang) => {
    const origin = (server === 'root' ? root : mounted).origin;
    const page = await newPage();
    const problems = collectPageProblems(page);
    try {
      const response = await page.goto(`${origin}${path}`);
      const status = path.includes('no-such') ? 404 : 200;
      expect(response?.status()).toBe(status);
      await waitForHydration(page);
      // Deferred sections (related products) resolve after hydration: let them settle too.
      await page.waitForLoadState('networkidle');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await cspViolations(page)).toEqual([]);
      // The browser logs the 404 status of the document itself; that one is expected.
      expect(problems.filter((problem) => !(status === 404 && problem.includes('status of 404')))).toEqual(
        [],
      );
    } finally {
      await page.close();
    }
  });

  it('keeps the head tags only the server writes through hydration and client navigation', async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    // The browser's React renders the viewport, title, description, robots and icon; the rest is the server's.
    const serverOnlyTags = () =>
      page.$$eval(
        'head > meta[charset], head > link[rel="stylesheet"], head > link[rel="modulepreload"], head > meta[name="sentry-trace"], head > meta[name="baggage"]',
        (tags) => tags.map((tag) => tag.outerHTML),
      );
    try {
      await page.goto(`${root.origin}/`);
      const served = await serverOnlyTags();
      expect(served.filter((tag) => tag.includes('charset'))).toHaveLength(1);
      expect(served.filter((tag) => tag.includes('stylesheet')).length).toBeGreaterThan(0);
      await waitForHydration(page);
      expect(await serverOnlyTags()).toEqual(served);
      const title = await page.title();
      await page.click('main a[href^="/products/"]');
      await page.waitForFunction((before) => document.title !== before, title, { timeout: 10_000 });
      expect(await serverOnlyTags()).toEqual(served);
      expect(await page.locator('head meta[name="viewport"]').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("downloads the visitor's locale strings and no other locale's", async () => {
    const { manifest } = loadBuildOutput(inject('buildDir'));
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto(`${root.origin}/de/shop`);
      await waitForHydration(page);
      await expect(page.locator('.skip-link').textContent()).resolves.toBe('Zum Inhalt springen');
      const localeScript = (locale: 'en' | 'fr' | 'de') => `/_assets/${manifest.locales[locale]?.file}`;
      expect(scripts).toContain(localeScript('de'));
      expect(scripts).not.toContain(localeScript('en'));
      expect(scripts).not.toContain(localeScript('fr'));
    } finally {
      await page.close();
    }
  });

  it('streams the related products into a product page and hydrates them without a refetch', async () => {
    const page = await newPage();
    const problems = collectPageProblems(page);
    const requests: { path: string; keep: string | undefined }[] = [];
    page.on('request', (request) =>
      requests.push({ path: new URL(request.url()).pathname, keep: request.headers()['x-keep-segments'] }),
    );
    try {
      await page.goto(`${root.origin}/products/chef-knife-20cm`);
      await waitForHydration(page);
      await page.waitForSelector('section[aria-labelledby="related-heading"] a', { timeout: 5_000 });
      // The deferred value came inside the page's own response. The shared page left out the visitor's root
      // data, which the browser then asked for alone: it kept the product's.
      expect(requests.filter(({ path }) => path.endsWith('/products/chef-knife-20cm'))).toEqual([
        { path: '/products/chef-knife-20cm', keep: undefined },
        { path: expect.stringMatching(/^\/_data\/.+\/products\/chef-knife-20cm$/), keep: 'product' },
      ]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('paints the line drawings through SVG masks served as hashed image assets', async () => {
    const page = await newPage();
    const drawings: { path: string; status: number; type: string | undefined }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/_assets/') && pathname.endsWith('.svg')) {
        drawings.push({
          path: pathname,
          status: response.status(),
          type: response.headers()['content-type'],
        });
      }
    });
    try {
      await page.goto(`${root.origin}/shop`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(drawings.length).toBeGreaterThan(0);
      // Every drawing is a hashed image file: served, and as an image (a mask image needs the right type).
      expect(drawings.filter(({ status, type }) => status !== 200 || type !== 'image/svg+xml')).toEqual([]);
      const mask = await page
        .locator('.product-image .drawing')
        .first()
        .evaluate((element) => {
          const style = getComputedStyle(element);
          return style.maskImage || style.getPropertyValue('-webkit-mask-image');
        });
      expect(mask).toMatch(/\/_assets\/[^")]+\.svg/);
    } finally {
      await page.close();
    }
  });
});

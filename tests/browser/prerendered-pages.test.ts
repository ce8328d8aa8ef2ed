// A prerendered page, sent from its file by the built server, in the browser: it hydrates, navigates on the
// client to a rendered page and back, switches locale, and shows the visitor's own cart count; without
// JavaScript it is the whole page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { cspViolations, describeInChromium } from '../helpers/chromium.ts';
import { waitForHydration } from '../helpers/page-problems.ts';

const CATEGORY = '/fr/shop/kitchen';
const PRODUCT = 'oak-serving-board';

/** The nonce every prerendered page of the run's build carries (its index.json). */
const buildNonce = () =>
  (
    JSON.parse(readFileSync(path.join(inject('buildDir'), 'prerendered', 'index.json'), 'utf8')) as {
      nonce: string;
    }
  ).nonce;
/** Whether an answer is the page's file: its policy names the build's nonce, never a render's own. */
const fromFile = (response: Response | null) =>
  response?.headers()['content-security-policy']?.includes(`'nonce-${buildNonce()}'`) ?? false;

describeInChromium('a prerendered page', ({ newPage }) => {
  let server: BuiltServer | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    server = await startBuiltServer({ COOKIE_SECRET: 'prerendered-browser-secret-of-32-chars!' });
  });
  afterAll(async () => {
    await Promise.all(pages.map((page) => page.close()));
    await server?.stop();
  });
  const open = async (options: Parameters<typeof newPage>[0] = {}) => {
    const page = await newPage(options);
    pages.push(page);
    return page;
  };

  it('hydrates from its file, navigates to a rendered page and back, and switches locale', async () => {
    const origin = server!.origin;
    const page = await open();
    const answer = await page.goto(`${origin}${CATEGORY}`);
    expect(fromFile(answer)).toBe(true);
    await waitForHydration(page);
    const heading = await page.locator('h1').textContent();
    await page.locator(`main a[href="/fr/products/${PRODUCT}"]`).first().click();
    await page.waitForURL(`${origin}/fr/products/${PRODUCT}`);
    await page.goBack();
    await page.waitForURL(`${origin}${CATEGORY}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
    await page.locator('.locale-switcher a[hreflang="de"]').click();
    await page.waitForURL(`${origin}/de/shop/kitchen`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await cspViolations(page)).toEqual([]);
  });

  it('shows the visitor’s own cart count once hydrated', async () => {
    const origin = server!.origin;
    const page = await open();
    const added = await page.request.post(`${origin}/fr/products/${PRODUCT}`, {
      form: { _action: 'add-to-cart', productId: PRODUCT, quantity: '2' },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(added.status()).toBeLessThan(400);
    const answer = await page.goto(`${origin}${CATEGORY}`);
    expect(fromFile(answer)).toBe(true);
    await expect.poll(() => page.locator('.cart-link .cart-count').textContent()).toBe('2');
  });

  it('is the whole page without JavaScript', async () => {
    const page = await open({ javaScriptEnabled: false });
    const answer = await page.goto(`${server!.origin}${CATEGORY}`);
    expect(fromFile(answer)).toBe(true);
    expect(await page.locator(`main a[href="/fr/products/${PRODUCT}"]`).count()).toBeGreaterThan(0);
    const switchHref = await page.locator('.locale-switcher a[hreflang="de"]').getAttribute('href');
    expect(switchHref).toBe(`/_locale/de?next=${encodeURIComponent('/shop/kitchen')}`);
  });
});

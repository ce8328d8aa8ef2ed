import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_USER_AGENT, REQUEST_TIMEOUT_MS } from './load-loops.ts';
import { type ShopBehindNginx, startShopBehindNginx } from './shop-behind-nginx.ts';

const ARTICLE = '/fr/help/shipping/delivery-times';
const CATEGORY = '/shop/kitchen';
const PRODUCT = 'oak-serving-board';
/** The storefront's catalogue pages: `s-maxage=10` (apps/storefront/server/cache.ts). */
const S_MAXAGE_MS = 10_000;

describe('prerendered pages served by nginx from the folder the instance keeps current', () => {
  let shop: ShopBehindNginx | undefined;
  beforeAll(async () => {
    shop = await startShopBehindNginx(
      'nginx-prerendered',
      { PRERENDER_CHECK_MS: '200' },
      { prerenderedFolder: true },
    );
  });
  afterAll(() => shop?.stop());

  const get = (url: string) =>
    fetch(url, {
      headers: { 'User-Agent': PERSON_USER_AGENT, 'Accept-Encoding': 'gzip' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  /** How many requests of `url` (a path and its query) the instance logged: one line per visit. */
  const visitsOf = (url: string) =>
    shop!.instance
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"') && line.includes(`"path":"${url}"`)).length;

  it('serves a help article from its file, gzipped, with the page’s headers, no request reaching the instance', async () => {
    const answer = await get(`${shop!.nginx.origin}${ARTICLE}`);
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(html).toContain('<html lang="fr">');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('cache-control')).toMatch(/^public, .*s-maxage=10/);
    const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    expect(answer.headers.get('x-cache-status')).toBeNull(); // no proxy_cache: a file
    expect(visitsOf(ARTICLE)).toBe(0);
  });

  it('passes the same page with a query to the instance', async () => {
    const answer = await get(`${shop!.nginx.origin}${ARTICLE}?ref=mail`);
    await answer.arrayBuffer();
    // The instance logs a request once its answer has gone: its line may come a moment after.
    const url = `${ARTICLE}?ref=mail`;
    for (let attempt = 0; attempt < 40 && visitsOf(url) === 0; attempt += 1) await sleep(50);
    expect(visitsOf(url)).toBe(1);
    expect(visitsOf(ARTICLE)).toBe(0);
  });

  it('passes a browser told of another build (its ssr-build cookie) to the instance: the files are this build’s', async () => {
    const { buildId } = JSON.parse(
      await readFile(path.join(shop!.workDir, 'prerendered', 'index.json'), 'utf8'),
    ) as { buildId: string };
    const ask = (cookie: string) =>
      fetch(`${shop!.nginx.origin}${ARTICLE}`, {
        headers: { 'User-Agent': PERSON_USER_AGENT, Cookie: cookie },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    const own = await ask(`theme=dark; ssr-build=${buildId}`);
    expect(await own.text()).toContain('<html lang="fr">');
    expect(own.headers.get('x-cache-status')).toBeNull(); // its own build's file
    const told = await ask('ssr-build=another-build');
    expect(told.status).toBe(200);
    expect(await told.text()).toContain('<html lang="fr">');
    // The instance answers it privately (another build's browser), so nginx keeps no copy of it.
    expect(told.headers.get('x-cache-status')).toBe('MISS');
    expect(told.headers.get('cache-control')).toMatch(/^private/);
  });

  it('shows a changed price on a prerendered category page through nginx, within the s-maxage', async () => {
    const proxy = shop!.nginx.origin;
    const before = await (await get(`${proxy}${CATEGORY}`)).text();
    expect(visitsOf(CATEGORY)).toBe(0);
    expect(before).not.toContain('€123.45');
    await shop!.observer.query('update products set price_cents = 12345 where id = $1', [PRODUCT]);
    const changed = Date.now();
    let seenAfterMs = -1;
    // Polls every 100 ms, bounded: the instance checks the versions every 200 ms.
    for (let attempt = 0; attempt < 150 && seenAfterMs < 0; attempt += 1) {
      if ((await (await get(`${proxy}${CATEGORY}`)).text()).includes('€123.45'))
        seenAfterMs = Date.now() - changed;
      else await sleep(100);
    }
    expect(seenAfterMs, 'the new price never showed through nginx').toBeGreaterThanOrEqual(0);
    expect(seenAfterMs).toBeLessThanOrEqual(S_MAXAGE_MS);
    expect(await (await get(`${shop!.instance.origin}${CATEGORY}`)).text()).toContain('€123.45');
    // Once regenerated, the page is the file again: its later requests reach no instance.
    const visits = visitsOf(CATEGORY);
    for (let attempt = 0; attempt < 50 && visitsOf(CATEGORY) === visits; attempt += 1) {
      const answer = await get(`${proxy}${CATEGORY}`);
      if (answer.headers.get('x-cache-status') === null && (await answer.text()).includes('€123.45')) break;
      await sleep(100);
    }
    const fromFile = await get(`${proxy}${CATEGORY}`);
    expect(await fromFile.text()).toContain('€123.45');
    expect(fromFile.headers.get('x-cache-status')).toBeNull();
  }, 40_000);
});

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/database/database.ts';
import { PERSON_USER_AGENT, REQUEST_TIMEOUT_MS } from './load-loops.ts';
import type { Nginx } from './nginx.ts';
import { cartCookieOf, postForm } from './requests.ts';
import { type ShopBehindNginx, startShopBehindNginx } from './shop-behind-nginx.ts';

const KNIFE = 'chef-knife-20cm';
const LAMP = 'brass-table-lamp';
/** The storefront's catalogue pages: `s-maxage=10` (apps/storefront/server/cache.ts). */
const S_MAXAGE_MS = 10_000;
/** Pages a visitor with a cart may see, public and private. */
const PAGES = [
  '/',
  '/shop',
  '/shop/kitchen?sort=price-asc',
  `/products/${KNIFE}`,
  `/products/${LAMP}`,
  '/help',
];
const PRIVATE_PAGES = ['/cart', '/checkout'];

describe("nginx's page cache in front of the storefront", () => {
  let shop: ShopBehindNginx | undefined;
  let nginx: Nginx | undefined;
  let observer: Database | undefined;

  beforeAll(async () => {
    shop = await startShopBehindNginx('nginx-cache');
    ({ nginx, observer } = shop);
  });

  afterAll(() => shop?.stop());

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      headers: { 'User-Agent': PERSON_USER_AGENT, ...headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });

  it('serves a product page a second time from the cache (HIT), and sitemap.xml too', async () => {
    const proxy = nginx!.origin;
    for (const path of [`/products/${LAMP}`, '/sitemap.xml']) {
      const first = await get(`${proxy}${path}`);
      expect(first.headers.get('cache-control'), path).toMatch(/^public, .*s-maxage=/);
      if (path !== '/sitemap.xml') expect(first.headers.get('etag'), path).toMatch(/^W\//);
      await first.text();
      const second = await get(`${proxy}${path}`);
      expect(second.headers.get('x-cache-status'), path).toBe('HIT');
      await second.text();
    }
  });

  it("keys its copies by the browser's `ssr-build` cookie: a browser told of another build never gets the shared copy", async () => {
    const proxy = nginx!.origin;
    const page = `${proxy}/products/${KNIFE}`;
    await (await get(page)).text();
    const shared = await get(page);
    expect(shared.headers.get('x-cache-status')).toBe('HIT');
    await shared.text();
    // This instance's build is not `another-build`: it answers that browser privately, so nginx keeps no copy.
    for (const cookie of ['ssr-build=another-build', 'theme=dark; ssr-build=another-build']) {
      const told = await get(page, { Cookie: cookie });
      expect(told.headers.get('x-cache-status'), cookie).toBe('MISS');
      expect(told.headers.get('cache-control'), cookie).toMatch(/^private/);
      await told.text();
    }
  });

  it('never gives a visitor another one’s data: two carts read every page and the per-visitor answers', async () => {
    const proxy = nginx!.origin;
    const add = (id: string, cookie = '') =>
      postForm(
        `${proxy}/products/${id}`,
        { _action: 'add-to-cart', productId: id, quantity: '1' },
        { Origin: proxy, ...(cookie ? { Cookie: cookie } : {}) },
      );
    const knifeCart = cartCookieOf(await add(KNIFE));
    const lampCart = cartCookieOf(await add(LAMP));
    const secondLamp = await add(LAMP, lampCart);
    expect(secondLamp.headers.get('x-cache-status')).toBeNull(); // a POST: never cached
    const visitors = [
      { cookie: knifeCart, own: 'Chef knife 20 cm', other: 'Brass table lamp', count: 1 },
      { cookie: lampCart, own: 'Brass table lamp', other: 'Chef knife 20 cm', count: 2 },
    ];
    const buildId = /"buildId":"([^"]+)"/.exec(await (await get(`${proxy}/`)).text())?.[1];
    // Each visitor twice, interleaved, so the second of them may be served what the first left in the cache.
    for (const { cookie, own, other, count } of [...visitors, ...visitors]) {
      for (const path of [...PAGES, ...PRIVATE_PAGES]) {
        const page = await get(`${proxy}${path}`, { Cookie: cookie });
        const body = await page.text();
        const shared = page.headers.get('cache-control')?.startsWith('public') ?? false;
        expect(shared, path).toBe(!PRIVATE_PAGES.includes(path));
        // A page every visitor may get from the cache carries no visitor's data: no cart count at all.
        if (shared) expect(body, path).not.toContain('class="cart-count');
        else {
          expect(page.headers.get('x-cache-status'), path).not.toBe('HIT');
          expect(body, path).toContain(own);
          expect(body, path).not.toContain(other);
        }
      }
      // What a shared page leaves out, the browser asks for: the root's data alone, private and the visitor's.
      for (const [path, kept] of [
        [`/products/${KNIFE}`, 'product'],
        ['/help', 'help-layout,help'],
      ] as const) {
        const answer = await get(`${proxy}/_data/${buildId}${path}`, {
          Cookie: cookie,
          'X-Keep-Segments': kept,
        });
        const firstLine = (await answer.text()).split('\n')[0];
        expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
        expect(answer.headers.get('x-cache-status'), path).not.toBe('HIT');
        expect(firstLine, path).toContain(`{"id":"root","data":{"cartCount":${count},"account":null}}`);
      }
    }
  });

  it('shows a price changed in the database within the s-maxage (and a little for the background refresh)', async () => {
    const proxy = nginx!.origin;
    const url = `${proxy}/products/${KNIFE}`;
    expect(await (await get(url)).text()).toContain('€89.00');
    await observer!.query('update products set price_cents = 9900 where id = $1', [KNIFE]);
    try {
      const changed = Date.now();
      let seenAfterMs = -1;
      // Polls every 250 ms, bounded: the cache asks again after 10 s, serving the stale copy once meanwhile.
      for (let attempt = 0; attempt < 80 && seenAfterMs < 0; attempt += 1) {
        if ((await (await get(url)).text()).includes('€99.00')) seenAfterMs = Date.now() - changed;
        else await sleep(250);
      }
      expect(seenAfterMs, 'the new price never showed').toBeGreaterThanOrEqual(0);
      expect(seenAfterMs).toBeLessThanOrEqual(S_MAXAGE_MS + 2_000);
    } finally {
      await observer!.query('update products set price_cents = 8900 where id = $1', [KNIFE]);
    }
  }, 40_000);
});

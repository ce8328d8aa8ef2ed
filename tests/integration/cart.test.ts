import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { idempotencyKeyOf } from '../helpers/idempotency-key.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

const SECRET = 'test-secret-test-secret-test-secret!';
const KNIFE = 'chef-knife-20cm';
const LAMP = 'brass-table-lamp';
type App = ReturnType<typeof createStorefrontApp>;

/** The response's `Set-Cookie: cart=…` header, whole. */
function cartSetCookie(response: request.Response): string | undefined {
  return ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((cookie) => cookie.startsWith('cart='));
}

/** The `cart=...` pair of a response's Set-Cookie, ready to send back. */
function cartCookieOf(response: request.Response): string | undefined {
  return cartSetCookie(response)?.split(';')[0];
}

/** A cart cookie signed the way Express signs it: `s:` + value + `.` + base64 HMAC-SHA256 without padding. */
function signedCart(value: string, secret = SECRET): string {
  const signature = createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
  return `cart=${encodeURIComponent(`s:${value}.${signature}`)}`;
}

function add(app: App, fields: Record<string, string>, cookie?: string) {
  const post = request(app)
    .post(`/products/${fields.productId ?? KNIFE}`)
    .type('form');
  if (cookie) post.set('Cookie', cookie);
  return post.send({ _action: 'add-to-cart', ...fields });
}

/** A visitor with a cart holding `quantity` of `productId`: their cookie. */
async function visitorWith(app: App, productId: string, quantity: number): Promise<string> {
  const cookie = cartCookieOf(await add(app, { productId, quantity: String(quantity) }));
  if (!cookie) throw new Error('The add set no cart cookie');
  return cookie;
}

const cartPage = (app: App, cookie: string, path = '/cart') => request(app).get(path).set('Cookie', cookie);
const headerCount = (html: string) => /class="cart-count"[^>]*>(\d+)</.exec(html)?.[1];

describe('the cart without JavaScript', () => {
  const app = createStorefrontApp();

  it('adds, updates and removes with 303s; the cookie holds only a signed cart id', async () => {
    const added = await add(app, { productId: KNIFE, quantity: '2' });
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe(`/products/${KNIFE}?added=2`);
    expect(cartSetCookie(added)).toMatch(/; Path=\/; .*HttpOnly; SameSite=Lax/);
    expect(cartSetCookie(added)).not.toMatch(/Secure/);
    const cookie = cartCookieOf(added) ?? '';
    expect(decodeURIComponent(cookie)).toMatch(/^cart=s:[0-9a-f-]{36}\.[A-Za-z0-9+/]+$/);

    await add(app, { productId: LAMP, quantity: '1' }, cookie);
    const cart = await cartPage(app, cookie);
    expect(cart.status).toBe(200);
    expect(cart.text).toContain('Chef knife 20 cm');
    expect(cart.text).toContain('Brass table lamp');
    expect(cart.text).toContain('€178.00'); // 2 × €89.00

    const updated = await request(app)
      .post('/cart')
      .set('Cookie', cookie)
      .type('form')
      .send({ _action: 'update', productId: KNIFE, quantity: '5' });
    expect(updated.status).toBe(303);
    expect(updated.headers.location).toBe('/cart');
    expect((await cartPage(app, cookie)).text).toContain('€445.00');

    const removed = await request(app)
      .post('/cart')
      .set('Cookie', cookie)
      .type('form')
      .send({ _action: 'remove', productId: KNIFE });
    expect(removed.status).toBe(303);
    const after = await cartPage(app, cookie);
    expect(after.text).not.toContain('Chef knife 20 cm');
    expect(after.text).toContain('Brass table lamp');
  });

  it('shows the item count in the header of every page, and names the lines in the page language', async () => {
    const cookie = await visitorWith(app, KNIFE, 2);
    await add(app, { productId: LAMP, quantity: '3' }, cookie);
    // Private pages (a 404 too) have it in their HTML.
    for (const path of ['/cart', '/checkout', '/products/no-such-product']) {
      expect(headerCount((await cartPage(app, cookie, path)).text), path).toBe('5');
    }
    // Shared pages leave it out; the browser then asks for the root's data alone, which is private.
    for (const path of ['/', '/help', '/fr/shop', `/products/${KNIFE}`]) {
      const page = await cartPage(app, cookie, path);
      expect(page.headers['cache-control'], path).toMatch(/^public/);
      expect(headerCount(page.text), path).toBeUndefined();
      const buildId = /"buildId":"([^"]+)"/.exec(page.text)?.[1];
      expect(page.text, path).toContain('"later":["root"]');
      const branch = [...page.text.matchAll(/\{"id":"([^"]+)","data"/g)].map((match) => match[1]);
      const rootData = await request(app)
        .get(`/_data/${buildId}${path === '/' ? '' : path}`)
        .set('Cookie', cookie)
        .set('X-Keep-Segments', branch.filter((id) => id !== 'root').join(','));
      expect(rootData.headers['cache-control'], path).toBe('private, no-store');
      expect(rootData.text.split('\n')[0], path).toContain(
        '{"id":"root","data":{"cartCount":5,"account":null}}',
      );
    }
    const german = await cartPage(app, cookie, '/de/cart');
    expect(german.text).toContain('Kochmesser 20 cm');
    expect(german.text).toContain('178,00\u00a0€');
    expect((await cartPage(app, cookie, '/fr/cart')).text).toContain('Couteau de chef 20 cm');
  });

  it.each([
    [{ quantity: '0' }, 'quantity'],
    [{ quantity: '100' }, 'quantity'],
    [{ quantity: '1.5' }, 'quantity'],
    [{ quantity: 'abc' }, 'quantity'],
    [{ quantity: '' }, 'quantity'],
    [{ quantity: '-1' }, 'quantity'],
    [{ productId: 'no-such-product', quantity: '1' }, 'productId'],
    [{ productId: '../../etc/passwd', quantity: '1' }, 'productId'],
  ])('answers %j with 422, the error and the kept values', async (fields, field) => {
    const response = await request(app)
      .post(`/products/${KNIFE}`)
      .type('form')
      .send({ _action: 'add-to-cart', productId: KNIFE, ...fields });
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/class="field-error[^"]*"/);
    if (field === 'quantity') {
      expect(response.text).toContain('aria-invalid="true"');
      if (fields.quantity) expect(response.text).toContain(`value="${fields.quantity}"`);
    }
  });

  it('writes field errors in the visitor’s language', async () => {
    const errorOf = async (path: string) => {
      const response = await request(app)
        .post(path)
        .type('form')
        .send({ _action: 'add-to-cart', productId: KNIFE, quantity: '0' });
      return /class="field-error[^"]*"[^>]*>([^<]+)</.exec(response.text)?.[1];
    };
    expect(await errorOf(`/products/${KNIFE}`)).toBe('Enter a whole number from 1 to 99.');
    expect(await errorOf(`/fr/products/${KNIFE}`)).toBe('Saisissez un nombre entier de 1 à 99.');
  });

  it('refuses more than 99 of one product in total, and a 51st product, saying why', async () => {
    const cookie = await visitorWith(app, KNIFE, 60);
    const over = await add(app, { productId: KNIFE, quantity: '50' }, cookie);
    expect(over.status).toBe(422);
    expect(over.text).toContain('You already have 60 in your cart: you can add up to 39 more.');
    const ids = [...(await request(app).get('/sitemap.xml')).text.matchAll(/\/products\/([a-z0-9-]+)</g)]
      .map((match) => match[1] as string)
      .filter((id, index, all) => all.indexOf(id) === index && id !== KNIFE);
    for (const id of ids.slice(0, 49))
      expect((await add(app, { productId: id, quantity: '1' }, cookie)).status).toBe(303);
    const full = await add(app, { productId: ids[49] ?? '', quantity: '1' }, cookie);
    expect(full.status).toBe(422);
    expect(full.text).toContain('Your cart is full: it holds up to 50 different products.');
  });
});

describe('carts under concurrent requests', () => {
  const app = createStorefrontApp();

  it('keeps both adds of two tabs posting at the same moment with the same cookie', async () => {
    const cookie = await visitorWith(app, LAMP, 1);
    const [knife, lamp] = await Promise.all([
      add(app, { productId: KNIFE, quantity: '2' }, cookie),
      add(app, { productId: LAMP, quantity: '3' }, cookie),
    ]);
    expect([knife.status, lamp.status]).toEqual([303, 303]);
    expect(headerCount((await cartPage(app, cookie)).text)).toBe('6');
  });

  it('counts 100 concurrent adds of one product exactly: 99 accepted, 1 refused at the limit', async () => {
    const cookie = await visitorWith(app, LAMP, 1);
    const adds = await Promise.all(
      Array.from({ length: 100 }, () => add(app, { productId: KNIFE, quantity: '1' }, cookie)),
    );
    const statuses = adds.map((response) => response.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(99);
    expect(statuses.filter((status) => status === 422)).toHaveLength(1);
    expect((await cartPage(app, cookie)).text).toContain('(100 items)');
  });
});

describe('cart cookies that are not ours', () => {
  const app = createStorefrontApp();

  it.each([
    ['a tampered value', () => signedCart(randomUUID()).replace(/%3A/, '%3B')],
    ['a forged signature', () => signedCart(randomUUID(), 'another-secret-another-secret-another!')],
    ['an unsigned id', () => `cart=${randomUUID()}`],
    ['a truncated value', () => signedCart(randomUUID()).slice(0, -10)],
    ['JSON', () => `cart=${encodeURIComponent(`j:${JSON.stringify({ [KNIFE]: 2 })}`)}`],
    ['the old cookie of product lines', () => signedCart(`${KNIFE}:2`)],
    ['an id no cart has', () => signedCart(randomUUID())],
    ['garbage', () => 'cart=%E0%A4%A'],
  ])('reads %s as an empty cart (never a 500); the next add starts a new cart', async (_kind, cookieOf) => {
    const cookie = cookieOf();
    const page = await cartPage(app, cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your cart is empty');
    const added = await add(app, { productId: KNIFE, quantity: '1' }, cookie);
    expect(added.status).toBe(303);
    const fresh = cartCookieOf(added) ?? '';
    expect(fresh).not.toBe(cookie);
    expect(headerCount((await cartPage(app, fresh)).text)).toBe('1');
  });
});

describe('the cart cookie over HTTPS', () => {
  it('is Secure when the request came over HTTPS through a trusted proxy, and scoped to BASE_PATH', async () => {
    const app = createStorefrontApp({ TRUST_PROXY: '1', BASE_PATH: '/store' });
    const response = await request(app)
      .post(`/store/products/${KNIFE}`)
      .set('X-Forwarded-Proto', 'https')
      .type('form')
      .send({ _action: 'add-to-cart', productId: KNIFE, quantity: '1' });
    expect(cartSetCookie(response)).toMatch(/; Path=\/store; .*HttpOnly; Secure; SameSite=Lax/);
  });
});

describe('carts across instances', () => {
  it('two instances with one COOKIE_SECRET and one database share carts; another secret refuses them', async () => {
    const first = createStorefrontApp();
    const second = createStorefrontApp();
    const stranger = createStorefrontApp({ COOKIE_SECRET: 'a-completely-different-secret-value!!' });
    const cookie = await visitorWith(first, KNIFE, 4);
    expect((await cartPage(second, cookie)).text).toContain('Chef knife 20 cm');
    const refused = await cartPage(stranger, cookie);
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Your cart is empty');
  });
});

describe('the add-to-cart form’s key', () => {
  const app = createStorefrontApp();
  it('adds once for a double submit and for a retried post of one key; a new key adds again', async () => {
    const cookie = await visitorWith(app, LAMP, 1);
    const key = randomUUID();
    const fields = { productId: KNIFE, quantity: '2', [IDEMPOTENCY_FIELD]: key };
    const posts = await Promise.all([add(app, fields, cookie), add(app, fields, cookie)]);
    const retried = await add(app, fields, cookie);
    expect([...posts, retried].map((response) => response.status)).toEqual([303, 303, 303]);
    expect(headerCount((await cartPage(app, cookie)).text)).toBe('3');

    expect((await add(app, { ...fields, [IDEMPOTENCY_FIELD]: randomUUID() }, cookie)).status).toBe(303);
    expect(headerCount((await cartPage(app, cookie)).text)).toBe('5');
  });

  it('is never in the shared product page: the browser mints it (one for every visitor would swallow their adds)', async () => {
    const cookie = await visitorWith(app, LAMP, 1);
    const page = await cartPage(app, cookie, `/products/${KNIFE}`).expect(200);
    expect(page.headers['cache-control']).toMatch(/^public/);
    expect(page.text).not.toContain(`name="${IDEMPOTENCY_FIELD}"`);
  });

  it('keeps the key of an invalid post, refuses a malformed one with 400, and adds without one', async () => {
    const cookie = await visitorWith(app, LAMP, 1);
    const key = randomUUID();
    const invalid = await add(app, { productId: KNIFE, quantity: '0', [IDEMPOTENCY_FIELD]: key }, cookie);
    expect(invalid.status).toBe(422);
    expect(idempotencyKeyOf(invalid.text)).toBe(key);
    const malformed = { productId: KNIFE, quantity: '1', [IDEMPOTENCY_FIELD]: 'x' };
    expect((await add(app, malformed, cookie)).status).toBe(400);
    expect((await add(app, { productId: KNIFE, quantity: '1' }, cookie)).status).toBe(303);
    expect(headerCount((await cartPage(app, cookie)).text)).toBe('2');
  });
});

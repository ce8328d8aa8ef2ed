import { createHmac } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

const SECRET = 'test-secret-test-secret-test-secret!';
const KNIFE = 'chef-knife-20cm';
const LAMP = 'brass-table-lamp';

/** The `cart=...` pair of a response's Set-Cookie, ready to send back. */
function cartCookieOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('cart='))?.split(';')[0];
}

/** A cart cookie signed the way Express signs it: `s:` + value + `.` + base64 HMAC-SHA256 without padding. */
function signedCart(value: string, secret = SECRET): string {
  const signature = createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
  return `cart=${encodeURIComponent(`s:${value}.${signature}`)}`;
}

function add(app: ReturnType<typeof createStorefrontApp>, fields: Record<string, string>, cookie?: string) {
  const post = request(app)
    .post(`/products/${fields.productId ?? KNIFE}`)
    .type('form');
  if (cookie) post.set('Cookie', cookie);
  return post.send({ _action: 'add-to-cart', ...fields });
}

describe('the cart without JavaScript', () => {
  const app = createStorefrontApp();

  it('adds, updates and removes with 303s, and shows the resulting cart', async () => {
    const added = await add(app, { productId: KNIFE, quantity: '2' });
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe(`/products/${KNIFE}?added=2`);
    const setCookie = ([] as string[])
      .concat(added.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('cart='));
    expect(setCookie).toMatch(/; Path=\/; .*HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    let cookie = cartCookieOf(added);

    const more = await add(app, { productId: LAMP, quantity: '1' }, cookie);
    cookie = cartCookieOf(more);
    const cart = await request(app)
      .get('/cart')
      .set('Cookie', cookie ?? '');
    expect(cart.status).toBe(200);
    expect(cart.text).toContain('Chef knife 20 cm');
    expect(cart.text).toContain('Brass table lamp');
    expect(cart.text).toContain('€178.00'); // 2 × €89.00

    const updated = await request(app)
      .post('/cart')
      .set('Cookie', cookie ?? '')
      .type('form')
      .send({ _action: 'update', productId: KNIFE, quantity: '5' });
    expect(updated.status).toBe(303);
    expect(updated.headers.location).toBe('/cart');
    cookie = cartCookieOf(updated);
    expect(
      (
        await request(app)
          .get('/cart')
          .set('Cookie', cookie ?? '')
      ).text,
    ).toContain('€445.00');

    const removed = await request(app)
      .post('/cart')
      .set('Cookie', cookie ?? '')
      .type('form')
      .send({ _action: 'remove', productId: KNIFE });
    expect(removed.status).toBe(303);
    cookie = cartCookieOf(removed);
    const after = await request(app)
      .get('/cart')
      .set('Cookie', cookie ?? '');
    expect(after.text).not.toContain('Chef knife 20 cm');
    expect(after.text).toContain('Brass table lamp');
  });

  it('shows the item count in the header of every page', async () => {
    const cookie = signedCart(`${KNIFE}:2,${LAMP}:3`);
    for (const path of ['/', '/help', '/products/no-such-product']) {
      const response = await request(app).get(path).set('Cookie', cookie);
      expect(response.text).toMatch(/class="cart-count"[^>]*>5</);
    }
  });

  it('formats line and total prices per locale', async () => {
    const response = await request(app)
      .get('/de/cart')
      .set('Cookie', signedCart(`${KNIFE}:2`));
    expect(response.text).toContain('178,00\u00a0€');
  });

  it.each([
    [{ quantity: '0' }, 'quantity'],
    [{ quantity: '100' }, 'quantity'],
    [{ quantity: '1.5' }, 'quantity'],
    [{ quantity: 'abc' }, 'quantity'],
    [{ quantity: '' }, 'quantity'],
    [{ quantity: '-1' }, 'quantity'],
    [{ productId: 'no-such-product', quantity: '1' }, 'productId'],
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
    const english = await request(app)
      .post(`/products/${KNIFE}`)
      .type('form')
      .send({ _action: 'add-to-cart', productId: KNIFE, quantity: '0' });
    const french = await request(app)
      .post(`/fr/products/${KNIFE}`)
      .type('form')
      .send({ _action: 'add-to-cart', productId: KNIFE, quantity: '0' });
    const englishError = /class="field-error[^"]*"[^>]*>([^<]+)</.exec(english.text)?.[1];
    const frenchError = /class="field-error[^"]*"[^>]*>([^<]+)</.exec(french.text)?.[1];
    expect(englishError).toBeTruthy();
    expect(frenchError).toBeTruthy();
    expect(frenchError).not.toBe(englishError);
  });

  it('refuses more than 99 of one product in total', async () => {
    const response = await add(app, { productId: KNIFE, quantity: '50' }, signedCart(`${KNIFE}:60`));
    expect(response.status).toBe(422);
  });

  it.each([
    ['a tampered value', signedCart(`${KNIFE}:2`).replace('%3A2', '%3A3')],
    ['a forged signature', signedCart(`${KNIFE}:2`, 'another-secret-another-secret-another!')],
    ['an unsigned value', `cart=${encodeURIComponent(`${KNIFE}:2`)}`],
    ['a truncated value', signedCart(`${KNIFE}:2`).slice(0, -10)],
    ['JSON', `cart=${encodeURIComponent(`j:${JSON.stringify({ [KNIFE]: 2 })}`)}`],
    ['an unknown product', signedCart('no-such-product:2')],
    ['a quantity out of range', signedCart(`${KNIFE}:0`)],
    ['an oversized cart', signedCart(Array.from({ length: 400 }, (_, i) => `product-${i}:1`).join(','))],
    ['garbage', 'cart=%E0%A4%A'],
  ])('treats %s as an empty cart and replaces it, never a 500', async (_kind, cookie) => {
    const response = await request(app).get('/cart').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.text).toContain('Your cart is empty');
    expect(response.text).not.toContain('Chef knife 20 cm');
    const replaced = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('cart='));
    expect(replaced).toBeDefined();
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
    const setCookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('cart='));
    expect(setCookie).toMatch(/; Path=\/store; .*HttpOnly; Secure; SameSite=Lax/);
  });
});

describe('carts across instances', () => {
  it('two instances with one COOKIE_SECRET accept each other’s carts; another secret refuses them', async () => {
    const first = createStorefrontApp();
    const second = createStorefrontApp();
    const stranger = createStorefrontApp({ COOKIE_SECRET: 'a-completely-different-secret-value!!' });
    const cookie = cartCookieOf(await add(first, { productId: KNIFE, quantity: '4' }));
    expect(cookie).toBeDefined();
    expect(
      (
        await request(second)
          .get('/cart')
          .set('Cookie', cookie ?? '')
      ).text,
    ).toContain('Chef knife 20 cm');
    const refused = await request(stranger)
      .get('/cart')
      .set('Cookie', cookie ?? '');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Your cart is empty');
  });
});

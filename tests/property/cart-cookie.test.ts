import { createHmac } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cartIdOf } from '../../apps/storefront/server/cart-cookie.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { fc, PROPERTY_RUNS } from './property-runs.ts';

const SECRET = 'test-secret-test-secret-test-secret!';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What cookie-parser may leave in signedCookies.cart: strings, `false` (bad signature), parsed JSON. */
const signedValue = fc.oneof(
  fc.uuid(),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => ` ${id}`),
  fc.string(),
  fc.json().map((text) => JSON.parse(text) as unknown),
  fc.constant(false),
);

/** A raw Cookie header value for `cart`: signed ids, forged or broken signatures, garbage. */
const cookieHeader = fc.oneof(
  fc
    .uuid()
    .map((id) => `s:${id}.${createHmac('sha256', SECRET).update(id).digest('base64').replace(/=+$/, '')}`),
  fc.uuid().map((id) => `s:${id}.forged`),
  fc.string(),
  fc.uuid(),
  fc.string().map((text) => `j:${text}`),
);

describe('the cart cookie (property)', () => {
  it('reads any signed value as a cart id (a lower-case UUID) or as no cart, never throwing', () => {
    fc.assert(
      fc.property(signedValue, (value) => {
        const id = cartIdOf({ signedCookies: { cart: value as string } });
        if (id !== undefined) expect(id).toMatch(UUID);
      }),
    );
  });

  it('answers the cart page 200 for any cart cookie, never a 5xx', async () => {
    const app = createStorefrontApp();
    await fc.assert(
      fc.asyncProperty(cookieHeader, async (value) => {
        const response = await request(app)
          .get('/cart')
          .set('Cookie', `cart=${encodeURIComponent(value)}`);
        expect(response.status).toBe(200);
      }),
      { numRuns: Math.min(PROPERTY_RUNS, 200) },
    );
  });
});

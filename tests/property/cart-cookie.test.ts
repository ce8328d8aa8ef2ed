import { describe, expect, it } from 'vitest';
import { MAX_CART_LINES, MAX_QUANTITY, readCart } from '../../server/storefront/cart-cookie.ts';
import { findProduct } from '../../server/storefront/catalogue.ts';
import { fc } from './property-runs.ts';

const productId = fc.constantFrom(
  'chef-knife-20cm',
  'brass-table-lamp',
  'linen-napkins',
  'no-such-product',
  '__proto__',
);
const quantity = fc.oneof(
  fc.integer({ min: -5, max: 120 }).map(String),
  fc.constantFrom('01', '1e1', '9999999999999999999', 'NaN', ''),
);
const cartLike = fc
  .array(fc.tuple(productId, quantity), { maxLength: 60 })
  .map((lines) => lines.map(([id, count]) => `${id}:${count}`).join(','));
const cookieValue = fc.oneof(
  cartLike,
  fc.string(),
  fc.json(),
  cartLike.map((value) => `j:${value}`),
  fc.constant(false),
);

describe('the cart cookie (property)', () => {
  it('reads any cookie as a valid cart or an empty one, never throwing', () => {
    fc.assert(
      fc.property(cookieValue, fc.boolean(), (value, signed) => {
        const source = signed
          ? { cookies: {}, signedCookies: { cart: value } }
          : { cookies: { cart: value }, signedCookies: {} };
        const { lines, trusted } = readCart(source);
        if (!trusted) expect(lines).toEqual([]);
        expect(lines.length).toBeLessThanOrEqual(MAX_CART_LINES);
        expect(new Set(lines.map((line) => line.productId)).size).toBe(lines.length);
        for (const line of lines) {
          expect(findProduct(line.productId)).toBeDefined();
          expect(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= MAX_QUANTITY).toBe(
            true,
          );
        }
      }),
    );
  });
});

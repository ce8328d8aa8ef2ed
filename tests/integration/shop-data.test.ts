import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  countItems,
  createCart,
  isVisitorCart,
  readCart,
  setQuantity,
} from '../../apps/storefront/server/db/carts.ts';
import { findOrder, type OrderAddress, placeOrder } from '../../apps/storefront/server/db/orders.ts';
import { MAX_CART_LINES, MAX_QUANTITY } from '../../apps/storefront/shop-rules.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

const ADDRESS: OrderAddress = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  street: '12 St James Square',
  postcode: 'SW1Y 4JH',
  city: 'London',
  country: 'GB',
};

const engines = await databaseEngines();

describe.each(engines)('carts and orders on %s', (_name, open) => {
  const database = useMigratedDatabase(open);

  it('keeps both adds when two tabs add at the same moment', async () => {
    const db = database();
    const cart = await createCart(db);
    await Promise.all([
      addToCart(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 1 }),
      addToCart(db, { cartId: cart, productId: 'bread-knife-23cm', quantity: 2 }),
    ]);
    await Promise.all([
      addToCart(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 1 }),
      addToCart(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 1 }),
    ]);
    const lines = await readCart(db, cart, 'en');
    expect(Object.fromEntries(lines.map((line) => [line.productId, line.quantity]))).toEqual({
      'chef-knife-20cm': 3,
      'bread-knife-23cm': 2,
    });
  });

  it('adds once for ten posts of one form key at the same moment, and refuses a key for an unknown cart', async () => {
    const db = database();
    const cart = await createCart(db);
    const idempotencyKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        addToCart(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 2, idempotencyKey }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 10 }, () => ({ ok: true, quantity: 2 })));
    expect(await countItems(db, cart)).toBe(2);
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect(
      await addToCart(db, {
        cartId: stranger,
        productId: 'chef-knife-20cm',
        quantity: 1,
        idempotencyKey: randomUUID(),
      }),
    ).toEqual({ ok: false, refusal: 'unknown-cart' });
  });

  it('counts MAX_QUANTITY + 1 adds of one product at once exactly: the one past the cap refused', async () => {
    const db = database();
    const cart = await createCart(db);
    const results = await Promise.all(
      Array.from({ length: MAX_QUANTITY + 1 }, () =>
        addToCart(db, { cartId: cart, productId: 'paring-knife-9cm', quantity: 1 }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(MAX_QUANTITY);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, refusal: 'quantity-out-of-range' }]);
    expect((await readCart(db, cart, 'en')).map((line) => line.quantity)).toEqual([MAX_QUANTITY]);
  });

  it('refuses a quantity out of range, an unknown product, an unknown cart and a line past the cap', async () => {
    const db = database();
    const cart = await createCart(db);
    const overCap = { cartId: cart, productId: 'chef-knife-20cm', quantity: MAX_QUANTITY + 1 };
    expect(await addToCart(db, overCap)).toEqual({
      ok: false,
      refusal: 'quantity-out-of-range',
    });
    expect(await setQuantity(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: -1 })).toMatchObject(
      { ok: false },
    );
    expect(await addToCart(db, { cartId: cart, productId: 'no-such-product', quantity: 1 })).toEqual({
      ok: false,
      refusal: 'unknown-product',
    });
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect(await addToCart(db, { cartId: stranger, productId: 'chef-knife-20cm', quantity: 1 })).toEqual({
      ok: false,
      refusal: 'unknown-cart',
    });
    expect(await isVisitorCart(db, stranger)).toBe(false);
    expect(await isVisitorCart(db, 'not a uuid')).toBe(false);
    expect(await isVisitorCart(db, cart)).toBe(true);
    const products = await db.query<{ id: string }>('select id from products order by position limit $1', [
      MAX_CART_LINES + 1,
    ]);
    const adds = await Promise.all(
      products.map(({ id }) => addToCart(db, { cartId: cart, productId: id, quantity: 1 })),
    );
    expect(adds.filter((add) => !add.ok)).toEqual([{ ok: false, refusal: 'cart-full' }]);
    expect(await readCart(db, cart, 'en')).toHaveLength(MAX_CART_LINES);
  });

  it('names the lines in the page language at the current price, and removes a line set to 0', async () => {
    const db = database();
    const cart = await createCart(db);
    await addToCart(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 2 });
    expect(await readCart(db, cart, 'de')).toEqual([
      {
        productId: 'chef-knife-20cm',
        name: 'Kochmesser 20 cm',
        categoryPath: 'kitchen/knives',
        unitPriceCents: 8900,
        quantity: 2,
        lineTotalCents: 2 * 8900,
      },
    ]);
    expect(await setQuantity(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 0 })).toEqual({
      ok: true,
      quantity: 0,
    });
    expect(await readCart(db, cart, 'de')).toEqual([]);
    // An update names a line the cart has: it never adds one.
    expect(await setQuantity(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 3 })).toEqual({
      ok: false,
      refusal: 'not-in-cart',
    });
    expect(await countItems(db, cart)).toBe(0);
  });

  it('places one order for a double submit, even two at the same moment, and empties the cart', async () => {
    const db = database();
    const cart = await createCart(db);
    await addToCart(db, { cartId: cart, productId: 'oak-serving-board', quantity: 1 });
    await addToCart(db, { cartId: cart, productId: 'chef-knife-20cm', quantity: 2 });
    const key = 'checkout-form-key-1';
    const [first, second] = await Promise.all([
      placeOrder(db, { cartId: cart }, ADDRESS, 'fr', key),
      placeOrder(db, { cartId: cart }, ADDRESS, 'fr', key),
    ]);
    expect(first.placed && second.placed).toBe(true);
    if (!first.placed || !second.placed) return;
    expect(first.orderId).toBe(second.orderId);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const retried = await placeOrder(db, { cartId: cart }, ADDRESS, 'fr', key);
    expect(retried).toEqual({ placed: true, orderId: first.orderId, created: false });
    expect(await readCart(db, cart, 'fr')).toEqual([]);
    const counted = await db.query<{ count: number }>(
      'select count(*)::int as count from orders where cart_id = $1',
      [cart],
    );
    expect(counted).toEqual([{ count: 1 }]);
    const order = await findOrder(db, first.orderId, { cartId: cart });
    expect(order?.totalCents).toBe(2 * 8900 + 3900);
    // In the cart's order (the order of adding), not by product id.
    expect(order?.lines.map((line) => line.name)).toEqual([
      'Planche de service en chêne',
      'Couteau de chef 20 cm',
    ]);
    // A new submit with a new key on the now empty cart orders nothing.
    expect(await placeOrder(db, { cartId: cart }, ADDRESS, 'fr', 'checkout-form-key-2')).toEqual({
      placed: false,
    });
  });

  it('shows an order only to the cart that placed it', async () => {
    const db = database();
    const cart = await createCart(db);
    const other = await createCart(db);
    await addToCart(db, { cartId: cart, productId: 'pruning-shears', quantity: 1 });
    const placed = await placeOrder(db, { cartId: cart }, ADDRESS, 'en', 'checkout-form-key-3');
    if (!placed.placed) throw new Error('not placed');
    expect(await findOrder(db, placed.orderId, { cartId: other })).toBeUndefined();
    expect(await findOrder(db, 'not-an-order', { cartId: cart })).toBeUndefined();
    expect((await findOrder(db, placed.orderId, { cartId: cart }))?.email).toBe('ada@example.com');
  });
});

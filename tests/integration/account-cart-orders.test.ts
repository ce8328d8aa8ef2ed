import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_FIELD, MAX_CART_LINES, MAX_QUANTITY } from '../../apps/storefront/shop-rules.ts';
import type { TestApp } from '../../server/test-kit.ts';
import {
  CookieJar,
  newEmail,
  postForm,
  signedUpVisitor,
  signIn,
  signUp,
  visit,
} from '../helpers/accounts.ts';
import { CHECKOUT_ADDRESS } from '../helpers/checkout-address.ts';
import { databaseEngines } from '../helpers/database-engines.ts';
import { idempotencyKeyOf } from '../helpers/idempotency-key.ts';
import { useStorefrontOn } from '../helpers/storefront-on-engine.ts';

const engines = await databaseEngines();
const KNIFE = 'chef-knife-20cm';
const BOARD = 'oak-serving-board';
const ADDRESS = CHECKOUT_ADDRESS;

const add = (app: TestApp, jar: CookieJar, productId: string, quantity: number) =>
  postForm(
    app,
    `/products/${productId}`,
    { _action: 'add-to-cart', productId, quantity: String(quantity) },
    { jar },
  );
const signOut = (app: TestApp, jar: CookieJar) =>
  postForm(app, '/sign-out', { _action: 'sign-out' }, { jar });
const headerCount = (html: string) => Number(/class="cart-count"[^>]*>(\d+)</.exec(html)?.[1] ?? 0);
/** The quantity field's value of each line of the cart page. */
const cartLines = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/id="quantity-([a-z0-9-]+)"[^>]*value="(\d+)"/g)].map(([, id, q]) => [id, Number(q)]),
  );

/** Places the cart's order from the checkout page (to `email` when given); resolves with the order's path. */
async function placeOrder(app: TestApp, jar: CookieJar, email: string = ADDRESS.email): Promise<string> {
  const key = idempotencyKeyOf((await visit(app, '/checkout', { jar })).text);
  const placed = await postForm(
    app,
    '/checkout',
    { _action: 'place-order', ...ADDRESS, email, [IDEMPOTENCY_FIELD]: key },
    { jar },
  );
  expect(placed.status).toBe(303);
  return placed.headers.location as string;
}

describe.each(engines)('carts and orders of accounts on %s', (_engine, open) => {
  // Behind a proxy, so each sign-up's X-Forwarded-For is an address of its own (sign-ups are throttled per address).
  const storefront = useStorefrontOn(open, { TRUST_PROXY: '1' });

  it('keeps the cart of a visitor who signs up, and finds it again on a fresh browser after signing out', async () => {
    const { app } = storefront();
    const browser = new CookieJar();
    await add(app, browser, KNIFE, 2);
    const cartBefore = browser.get('cart');
    const { email } = await signedUpVisitor(app, { jar: browser });
    expect(browser.get('cart')).toBe(cartBefore);
    expect(headerCount((await visit(app, '/cart', { jar: browser })).text)).toBe(2);
    await signOut(app, browser);
    expect(browser.get('cart')).toBeUndefined();
    expect(headerCount((await visit(app, '/cart', { jar: browser })).text)).toBe(0);
    const fresh = new CookieJar();
    await signIn(app, { email }, { jar: fresh });
    expect(cartLines((await visit(app, '/cart', { jar: fresh })).text)).toEqual({ [KNIFE]: 2 });
  });

  it('merges a visitor’s cart into the account’s at sign-in: quantities add up to 99 at most, and the page says so', async () => {
    const { app } = storefront();
    const { jar, email } = await signedUpVisitor(app);
    await add(app, jar, KNIFE, 60);
    await signOut(app, jar);
    await add(app, jar, KNIFE, 50);
    await add(app, jar, BOARD, 1);
    const visitorCart = jar.get('cart');
    const signedIn = await signIn(app, { email }, { jar });
    expect(signedIn.headers.location).toBe('/cart?clamped=1');
    expect(jar.get('cart')).not.toBe(visitorCart);
    const cart = await visit(app, '/cart?clamped=1', { jar });
    expect(cartLines(cart.text)).toEqual({ [KNIFE]: MAX_QUANTITY, [BOARD]: 1 });
    expect(cart.text).toContain('1 quantity was lowered');
  });

  it('leaves out, and counts, the visitor’s lines beyond the 50 products of the account’s cart', async () => {
    const { app, db } = storefront();
    const { jar, email } = await signedUpVisitor(app);
    await add(app, jar, KNIFE, 1);
    const products = await db.query<{ id: string }>(
      'select id from products where id <> $1 order by position',
      [KNIFE],
    );
    const [first, second, third] = products.slice(MAX_CART_LINES - 1).map(({ id }) => id);
    await db.query(
      `insert into cart_lines (cart_id, product_id, quantity)
       select c.id, p.id, 1 from carts c, unnest($2::text[]) as p(id)
       where c.account_id = (select id from accounts where email = $1)`,
      [email, products.slice(0, MAX_CART_LINES - 1).map(({ id }) => id)],
    );
    await signOut(app, jar);
    for (const id of [KNIFE, first, second, third]) await add(app, jar, id as string, 1);
    const signedIn = await signIn(app, { email }, { jar });
    expect(signedIn.headers.location).toBe('/cart?left-out=3');
    const cart = cartLines((await visit(app, '/cart', { jar })).text);
    expect(Object.keys(cart)).toHaveLength(MAX_CART_LINES);
    expect(cart[KNIFE]).toBe(2);
    expect((await visit(app, '/de/cart?left-out=3', { jar })).text).toContain(
      '3 Produkte wurden weggelassen',
    );
  });

  it('opens an order placed while signed in to its account on any device, and to nobody else (404)', async () => {
    const { app } = storefront();
    const { jar, email } = await signedUpVisitor(app);
    await add(app, jar, KNIFE, 1);
    const order = await placeOrder(app, jar);
    expect((await visit(app, order, { jar })).status).toBe(200);
    const otherDevice = new CookieJar();
    await signIn(app, { email }, { jar: otherDevice });
    expect(otherDevice.get('cart')).toBe(jar.get('cart'));
    const onOtherDevice = await visit(app, order, { jar: new CookieJar() });
    expect(onOtherDevice.status).toBe(404);
    expect((await visit(app, order, { jar: otherDevice })).status).toBe(200);
    const someoneElse = await signedUpVisitor(app);
    expect((await visit(app, order, { jar: someoneElse.jar })).status).toBe(404);
    // The account's cart cookie without its session (signed out elsewhere, or expired) opens nothing.
    const cartOnly = new CookieJar();
    cartOnly.update([`cart=${jar.get('cart')}`]);
    expect((await visit(app, order, { jar: cartOnly })).status).toBe(404);
    expect(headerCount((await visit(app, '/', { jar: cartOnly })).text)).toBe(0);
  });

  it('keeps an order placed without signing in to its cart, as before, and from other accounts', async () => {
    const { app } = storefront();
    const visitor = new CookieJar();
    await add(app, visitor, BOARD, 1);
    const order = await placeOrder(app, visitor);
    expect((await visit(app, order, { jar: visitor })).status).toBe(200);
    expect((await visit(app, order, { jar: (await signedUpVisitor(app)).jar })).status).toBe(404);
  });

  it('keeps an order placed without an account from the next account to sign up in that browser, on all its devices', async () => {
    const { app } = storefront();
    const browser = new CookieJar();
    await add(app, browser, BOARD, 1);
    const order = await placeOrder(app, browser, newEmail('ada'));
    expect((await visit(app, order, { jar: browser })).status).toBe(200);
    const bob = newEmail('bob');
    expect((await signUp(app, { email: bob }, { jar: browser })).status).toBe(303);
    const otherDevice = new CookieJar();
    expect((await signIn(app, { email: bob }, { jar: otherDevice })).status).toBe(303);
    for (const jar of [browser, otherDevice]) {
      expect((await visit(app, order, { jar })).status).toBe(404);
      const account = (await visit(app, '/account', { jar })).text;
      expect(account).toContain(bob);
      expect(account).not.toContain(`href="${order}"`);
    }
  });

  it('gives an order placed without an account to the account of its email at sign-up or sign-in, on all its devices', async () => {
    const { app } = storefront();
    const ada = newEmail('ada');
    const browser = new CookieJar();
    await add(app, browser, BOARD, 1);
    const order = await placeOrder(app, browser, ` ${ada.toUpperCase()}`);
    expect((await signUp(app, { email: ada }, { jar: browser })).status).toBe(303);
    const otherDevice = new CookieJar();
    await signIn(app, { email: ada }, { jar: otherDevice });
    for (const jar of [browser, otherDevice]) {
      expect((await visit(app, order, { jar })).status).toBe(200);
      expect((await visit(app, '/account', { jar })).text).toContain(`href="${order}"`);
    }
    // Signed in later, into an account that has a cart already (the visitor's is merged into it).
    await signOut(app, otherDevice);
    await add(app, otherDevice, KNIFE, 1);
    const second = await placeOrder(app, otherDevice, ada);
    expect((await signIn(app, { email: ada }, { jar: otherDevice })).status).toBe(303);
    expect((await visit(app, second, { jar: browser })).status).toBe(200);
    expect((await visit(app, '/account', { jar: browser })).text).toContain(`href="${second}"`);
  });

  it('lists the account’s orders on /account with date, total, status and link, and prefills the checkout', async () => {
    const { app } = storefront();
    const { jar, email } = await signedUpVisitor(app);
    await add(app, jar, KNIFE, 1);
    const checkout = (await visit(app, '/checkout', { jar })).text;
    expect(checkout).toContain(`value="${email}"`);
    const order = await placeOrder(app, jar);
    const account = (await visit(app, '/account', { jar })).text;
    expect(account).toContain(`href="${order}"`);
    expect(account).toContain('€89.00');
    expect(account).toContain('Placed');
    expect(account).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+">\d{1,2} \w+ \d{4}<\/time>/);
    expect((await visit(app, '/fr/account', { jar })).text).toContain('Passée');
    await add(app, jar, BOARD, 1);
    const next = (await visit(app, '/checkout', { jar })).text;
    for (const value of ['Ada Lovelace', 'ada@example.com', 'SW1Y 4JH', 'London'])
      expect(next).toContain(`value="${value}"`);
    expect(next).toMatch(/<option value="GB" selected="">/);
  });
});

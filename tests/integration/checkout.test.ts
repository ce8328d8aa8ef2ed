import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import type { AddressField } from '../../apps/storefront/checkout-fields.ts';
import { checkoutMessages } from '../../apps/storefront/checkout-messages.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { createTestApp } from '../../server/test-kit.ts';
import { CHECKOUT_ADDRESS } from '../helpers/checkout-address.ts';
import { databaseEngines } from '../helpers/database-engines.ts';
import { idempotencyKeyOf as keyOf } from '../helpers/idempotency-key.ts';
import { testShopServices } from '../helpers/shop-database.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';
import { useStorefrontOn } from '../helpers/storefront-on-engine.ts';

const KNIFE = 'chef-knife-20cm';
const BOARD = 'oak-serving-board';
const ADDRESS = CHECKOUT_ADDRESS;
type App = ReturnType<typeof createStorefrontApp>;

/** A visitor whose cart holds 2 knives and 1 board: their cookie. */
async function visitorWithCart(app: App): Promise<string> {
  const first = await request(app)
    .post(`/products/${KNIFE}`)
    .type('form')
    .send({ _action: 'add-to-cart', productId: KNIFE, quantity: '2' });
  const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
  await request(app)
    .post(`/products/${BOARD}`)
    .set('Cookie', cookie)
    .type('form')
    .send({ _action: 'add-to-cart', productId: BOARD, quantity: '1' });
  return cookie;
}

function placeOrder(app: App, cookie: string, fields: Record<string, string>, path = '/checkout') {
  return request(app)
    .post(path)
    .set('Cookie', cookie)
    .type('form')
    .send({ _action: 'place-order', ...fields });
}

describe('the checkout without JavaScript', () => {
  const app = createStorefrontApp();

  it('places the order at current prices, empties the cart and shows it to its buyer only', async () => {
    const cookie = await visitorWithCart(app);
    const form = await request(app).get('/checkout').set('Cookie', cookie);
    expect(form.status).toBe(200);
    expect(form.text).toContain('<select');
    expect(form.text).toContain('United Kingdom');
    const key = keyOf(form.text);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const placed = await placeOrder(app, cookie, { ...ADDRESS, [IDEMPOTENCY_FIELD]: key });
    expect(placed.status).toBe(303);
    const location = placed.headers.location as string;
    expect(location).toMatch(/^\/orders\/[0-9a-f-]{36}$/);
    const confirmation = await request(app).get(location).set('Cookie', cookie);
    expect(confirmation.status).toBe(200);
    expect(confirmation.text).toContain('Thank you, Ada Lovelace.');
    expect(confirmation.text).toContain('2 × Chef knife 20 cm');
    expect(confirmation.text).toContain('€217.00'); // 2 × €89.00 + €39.00
    expect(confirmation.text).toMatch(/noindex/);
    expect((await request(app).get('/cart').set('Cookie', cookie)).text).toContain('Your cart is empty');

    // Anyone else, with a cart of their own or none, finds nothing there.
    expect((await request(app).get(location)).status).toBe(404);
    expect(
      (
        await request(app)
          .get(location)
          .set('Cookie', await visitorWithCart(app))
      ).status,
    ).toBe(404);
    expect((await request(app).get('/orders/not-an-order').set('Cookie', cookie)).status).toBe(404);
  });

  it('makes one order of a double submit and of a retried post, both landing on it', async () => {
    const cookie = await visitorWithCart(app);
    const key = keyOf((await request(app).get('/checkout').set('Cookie', cookie)).text);
    const fields = { ...ADDRESS, [IDEMPOTENCY_FIELD]: key };
    const [first, second] = await Promise.all([
      placeOrder(app, cookie, fields),
      placeOrder(app, cookie, fields),
    ]);
    const retried = await placeOrder(app, cookie, fields);
    expect([first.status, second.status, retried.status]).toEqual([303, 303, 303]);
    expect(new Set([first, second, retried].map((response) => response.headers.location)).size).toBe(1);
    const { db } = await testShopServices();
    const orders = await db.query<{ count: number }>(
      'select count(*)::int as count from orders where idempotency_key = $1',
      [key],
    );
    expect(orders).toEqual([{ count: 1 }]);
  });

  it('answers 422 with every field error in the visitor’s language, keeping the values and the key', async () => {
    const cookie = await visitorWithCart(app);
    const key = keyOf((await request(app).get('/fr/checkout').set('Cookie', cookie)).text);
    const response = await placeOrder(
      app,
      cookie,
      {
        name: ' ',
        email: 'ada@',
        street: 'x'.repeat(201),
        postcode: '!',
        city: 'Paris',
        country: 'XX',
        [IDEMPOTENCY_FIELD]: key,
      },
      '/fr/checkout',
    );
    expect(response.status).toBe(422);
    expect(response.text).toContain('Remplissez ce champ.');
    expect(response.text).toContain('Saisissez une adresse e-mail comme nom@exemple.fr.');
    expect(response.text).toContain('Utilisez au plus 200 caractères.');
    expect(response.text).toContain('Saisissez un code postal de 3 à 10 lettres et chiffres.');
    expect(response.text).toContain('Choisissez un pays dans la liste.');
    expect(response.text).toContain('value="Paris"');
    expect(keyOf(response.text)).toBe(key);
    expect((await request(app).get('/fr/cart').set('Cookie', cookie)).text).toContain(
      'Couteau de chef 20 cm',
    );
  });

  it('refuses an empty cart with 422, and a form without its key with 400', async () => {
    const emptyHanded = await placeOrder(app, '', { ...ADDRESS, [IDEMPOTENCY_FIELD]: crypto.randomUUID() });
    expect(emptyHanded.status).toBe(422);
    expect(emptyHanded.text).toContain('Your cart is empty: there is nothing to order.');
    const cookie = await visitorWithCart(app);
    expect((await placeOrder(app, cookie, ADDRESS)).status).toBe(400);
    expect((await placeOrder(app, cookie, { ...ADDRESS, [IDEMPOTENCY_FIELD]: 'x' })).status).toBe(400);
  });
});

describe('the checkout with JavaScript', () => {
  it('answers an invalid form with its field errors in place (the data answer)', async () => {
    const app = createTestApp(
      { app: storefront, server: storefrontServer },
      { services: await testShopServices() },
    );
    const added = await app.submit(`/de/products/${KNIFE}`, 'add-to-cart', {
      productId: KNIFE,
      quantity: '1',
    });
    const cookie = added.cookies.join('; ');
    const answer = await app.submit(
      '/de/checkout',
      'place-order',
      { ...ADDRESS, email: 'nope', [IDEMPOTENCY_FIELD]: crypto.randomUUID() },
      { javascript: true, cookie },
    );
    // The client router's answer to a form post: the errors to show in place, the typed values kept.
    expect(answer.first).toMatchObject({
      type: 'invalid',
      action: 'place-order',
      errors: { email: 'Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.' },
      values: { name: 'Ada Lovelace', email: 'nope' },
    });
    expect(Object.keys(answer.first?.type === 'invalid' ? answer.first.errors : {})).toEqual(['email']);
  });
});

/** Characters no person types, each with the error it earns: the code point to remove, or `one line`. */
const HIDDEN_CHARACTERS: [name: string, character: string, error: string][] = [
  ['NUL', '\u0000', 'U+0000'],
  ['CR LF', '\r\n', 'one line'],
  ['ESC', '\u001B', 'U+001B'],
  ['DEL', '\u007F', 'U+007F'],
  ['U+0085 NEXT LINE', '\u0085', 'U+0085'],
  ['U+202E RIGHT-TO-LEFT OVERRIDE', '\u202E', 'U+202E'],
  ['U+2028 LINE SEPARATOR', '\u2028', 'one line'],
];
const TEXT_FIELDS: AddressField[] = ['name', 'email', 'street', 'city'];
const HIDDEN_CASES = HIDDEN_CHARACTERS.flatMap(([name, character, error]) =>
  TEXT_FIELDS.map((field) => [name, field, character, error] as const),
);

const engines = await databaseEngines();

describe.each(engines)('the checkout on %s, given characters nobody types', (_engine, open) => {
  const storefrontOn = useStorefrontOn(open);
  let cookie = '';
  beforeAll(async () => {
    const added = await storefrontOn().app.submit(`/products/${KNIFE}`, 'add-to-cart', {
      productId: KNIFE,
      quantity: '1',
    });
    cookie = added.cookies.join('; ');
  });

  const ordersOf = (key: string) =>
    storefrontOn().db.query<{ count: number }>(
      'select count(*)::int as count from orders where idempotency_key = $1',
      [key],
    );

  // At the end of the value: trim() removes CR LF and U+2028 there, and must not decide.
  it.each(
    HIDDEN_CASES,
  )('answers %s at the end of %s with 422 and the field error, storing no order', async (_name, field, character, error) => {
    const { app } = storefrontOn();
    const fields = { ...ADDRESS, [field]: `${ADDRESS[field]}${character}` };
    const expected = (locale: 'fr' | 'de') =>
      error === 'one line'
        ? checkoutMessages[locale].errorOneLine
        : checkoutMessages[locale].errorCharacter(error);

    const plainKey = crypto.randomUUID();
    const plain = await app.submit(
      '/fr/checkout',
      'place-order',
      { ...fields, [IDEMPOTENCY_FIELD]: plainKey },
      { cookie },
    );
    expect(plain.status).toBe(422);
    const shown = [...(plain.html ?? '').matchAll(/id="checkout-(\w+)-error"[^>]*>([^<]+)</g)];
    expect(shown.map(([, shownField, message]) => [shownField, message])).toEqual([[field, expected('fr')]]);

    const dataKey = crypto.randomUUID();
    const data = await app.submit(
      '/de/checkout',
      'place-order',
      { ...fields, [IDEMPOTENCY_FIELD]: dataKey },
      { javascript: true, cookie },
    );
    expect(data.status).toBe(200);
    expect(data.first).toMatchObject({
      type: 'invalid',
      action: 'place-order',
      values: { [field]: fields[field] },
    });
    expect(data.first?.type === 'invalid' && data.first.errors).toEqual({ [field]: expected('de') });

    expect([...(await ordersOf(plainKey)), ...(await ordersOf(dataKey))]).toEqual([
      { count: 0 },
      { count: 0 },
    ]);
    expect(app.reported).toEqual([]);
  });

  it('names the character in the visitor’s words', async () => {
    const answer = await storefrontOn().app.submit(
      '/fr/checkout',
      'place-order',
      { ...ADDRESS, city: 'Paris\u0000', [IDEMPOTENCY_FIELD]: crypto.randomUUID() },
      { cookie },
    );
    expect(answer.html).toContain('Retirez de ce champ le caractère invisible U+0000.');
  });

  it('still places an order of ordinary text, letters and marks of right-to-left scripts included', async () => {
    const key = crypto.randomUUID();
    const placed = await storefrontOn().app.submit(
      '/checkout',
      'place-order',
      { ...ADDRESS, name: 'Zoë \u200Fשלום\u200F Ørsted', [IDEMPOTENCY_FIELD]: key },
      { cookie },
    );
    expect(placed.status).toBe(303);
    expect(await ordersOf(key)).toEqual([{ count: 1 }]);
  });
});

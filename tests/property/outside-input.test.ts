import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import { ADDRESS_FIELDS } from '../../apps/storefront/checkout-fields.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import { IDEMPOTENCY_FIELD, PRODUCT_FIELD, QUANTITY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { createTestApp, type TestApp } from '../../server/test-kit.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';
import { shopServicesOn } from '../helpers/shop-database.ts';
import { fc, PROPERTY_RUNS } from './property-runs.ts';

/** What a driver's error says: none of it may reach a visitor. */
const DATABASE_ERROR_TEXT =
  /invalid byte sequence|invalid input syntax|value too long|violates|SQLSTATE|syntax error at|null character|pglite|character with byte sequence/i;
/** Real HTTP exchanges through the app on a database: fewer runs than the pure properties. */
const RUNS = Math.min(PROPERTY_RUNS, 60);
const KNIFE = 'chef-knife-20cm';

/** Text from outside: any code points, the characters our checks are about, or their mix with plain text. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      '\0',
      '\r',
      '\n',
      '\x1b',
      '\x7f',
      '\x85',
      '\u202e',
      '\u2028',
      '\u2066',
      'a',
      '-',
      '/',
      ' ',
    ),
    maxLength: 12,
  }),
  fc.string({ unit: 'grapheme-ascii', minLength: 260, maxLength: 400 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e309',
    '99999999999999999999',
    'chef-knife-20cm',
    'NaN',
    '%00',
    "'; drop table carts;--",
  ),
);

/** Every byte percent-encoded but the unreserved ones: the text's UTF-8, exactly, in a URL. */
function encodeUtf8(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Raw bytes, invalid UTF-8 included (an encoded surrogate half, an overlong slash). */
const hostileBytes = fc
  .uint8Array({ maxLength: 12 })
  .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
const encodedValue = fc.oneof(hostileText.map(encodeUtf8), hostileBytes);

/** Each storefront route with params, filled with one value (catch-alls get it as one piece or split). */
const PARAM_PAGES = [
  '/products/VALUE',
  '/fr/products/VALUE',
  '/shop/VALUE',
  '/shop/kitchen/VALUE',
  '/help/VALUE',
  '/help/shipping/VALUE',
  '/orders/VALUE',
];
/** Pages with each search key they read, and one they do not. */
const SEARCH_PAGES = [
  '/shop?sort=VALUE',
  '/shop/kitchen?page=VALUE',
  `/products/${KNIFE}?added=VALUE`,
  '/help?q=VALUE',
  '/?VALUE=1',
];
/** Each action with its fields. */
const ACTIONS: { path: string; action: string; fields: readonly string[] }[] = [
  {
    path: `/products/${KNIFE}`,
    action: 'add-to-cart',
    fields: [PRODUCT_FIELD, QUANTITY_FIELD, IDEMPOTENCY_FIELD],
  },
  { path: '/cart', action: 'update', fields: [PRODUCT_FIELD, QUANTITY_FIELD] },
  { path: '/cart', action: 'remove', fields: [PRODUCT_FIELD] },
  { path: '/checkout', action: 'place-order', fields: [...Object.keys(ADDRESS_FIELDS), IDEMPOTENCY_FIELD] },
];

/** The answer is a 4xx at worst, says nothing of the database, and nothing was reported as unexpected. */
function expectRefusedCalmly(app: TestApp, answer: { status: number; text: string }, what: string) {
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.text, what).not.toMatch(DATABASE_ERROR_TEXT);
  expect(app.reported, what).toEqual([]);
}

const engines = await databaseEngines();

describe.each(
  engines,
)('outside input on %s: a 4xx at worst, never a 5xx or database text (property)', (_engine, open) => {
  const database = useMigratedDatabase(open);
  let app: TestApp;
  let cartCookie: string;
  beforeAll(async () => {
    app = createTestApp(
      { app: storefront, server: storefrontServer },
      { services: shopServicesOn(database()) },
    );
    const added = await app.submit(`/products/${KNIFE}`, 'add-to-cart', { productId: KNIFE, quantity: '1' });
    cartCookie = added.cookies.join('; ');
  });
  afterAll(() => app?.stop());

  it('as a path param of every route, for the page and its data answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PARAM_PAGES), encodedValue, async (page, value) => {
        const path = page.replace('VALUE', value);
        const html = await request(app.server).get(path);
        expectRefusedCalmly(app, html, path);
        const data = await request(app.server).get(`/_data/development${path}`);
        expectRefusedCalmly(app, data, `data of ${path}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('as each search param', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SEARCH_PAGES), encodedValue, async (page, value) => {
        const path = page.replace('VALUE', value);
        expectRefusedCalmly(app, await request(app.server).get(path), path);
      }),
      { numRuns: RUNS },
    );
  });

  it('as each action field, posted with and without JavaScript', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ACTIONS),
        fc.array(hostileText, { minLength: 7, maxLength: 7 }),
        fc.boolean(),
        async ({ path, action, fields }, values, javascript) => {
          const body = [['_action', action], ...fields.map((field, index) => [field, values[index] ?? ''])]
            .map(([name, value]) => `${name}=${encodeUtf8(value ?? '')}`)
            .join('&');
          const answer = await request(app.server)
            .post(javascript ? `/_data/development${path}` : path)
            .set('Content-Type', 'application/x-www-form-urlencoded')
            .set('Cookie', cartCookie)
            .send(body);
          expectRefusedCalmly(app, answer, `${action} ${body}`);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Messages, messagesFor } from '../../apps/storefront/messages.ts';
import {
  IDEMPOTENCY_FIELD,
  MAX_QUANTITY,
  PRODUCT_FIELD,
  QUANTITY_FIELD,
} from '../../apps/storefront/shop-rules.ts';
import type { Submitted } from '../../server/test-kit.ts';
import { databaseEngines } from '../helpers/database-engines.ts';
import { useStorefrontOn } from '../helpers/storefront-on-engine.ts';

const KNIFE = 'chef-knife-20cm';

/** The field errors a refused post answers with, in the visitor's language. */
type FieldErrors = (messages: Messages) => Record<string, string>;
const UNKNOWN_PRODUCT: FieldErrors = (messages) => ({ [PRODUCT_FIELD]: messages.errorUnknownProduct });
const BAD_QUANTITY: FieldErrors = (messages) => ({ [QUANTITY_FIELD]: messages.errorQuantity(MAX_QUANTITY) });
const ON_PRODUCT = `/products/${KNIFE}`;

/** A cart action's post with NUL in one field, and its answer: field errors (422), or a refusal's status. */
const NUL_POSTS: [string, path: string, action: string, Record<string, string>, FieldErrors | number][] = [
  [
    'a product id ending in NUL',
    ON_PRODUCT,
    'add-to-cart',
    { productId: `${KNIFE}\u0000`, quantity: '1' },
    UNKNOWN_PRODUCT,
  ],
  [
    'a product id of NUL only',
    ON_PRODUCT,
    'add-to-cart',
    { productId: '\u0000', quantity: '1' },
    UNKNOWN_PRODUCT,
  ],
  ['a quantity with NUL', ON_PRODUCT, 'add-to-cart', { productId: KNIFE, quantity: '1\u0000' }, BAD_QUANTITY],
  [
    'an add key with NUL',
    ON_PRODUCT,
    'add-to-cart',
    { productId: KNIFE, quantity: '1', [IDEMPOTENCY_FIELD]: `${randomUUID()}\u0000` },
    400,
  ],
  ['an action name with NUL', ON_PRODUCT, 'add-to-cart\u0000', { productId: KNIFE, quantity: '1' }, 400],
  [
    'an update of a product id with NUL',
    '/cart',
    'update',
    { productId: `${KNIFE}\u0000`, quantity: '2' },
    UNKNOWN_PRODUCT,
  ],
  [
    'an update to a quantity with NUL',
    '/cart',
    'update',
    { productId: KNIFE, quantity: '\u00002' },
    BAD_QUANTITY,
  ],
  ['a removal of a product id with NUL', '/cart', 'remove', { productId: `\u0000${KNIFE}` }, UNKNOWN_PRODUCT],
];

describe.each(await databaseEngines())('the cart’s actions on %s, given NUL in a field', (_engine, open) => {
  const storefrontOn = useStorefrontOn(open);
  let cookie = '';
  beforeAll(async () => {
    const added = await storefrontOn().app.submit(ON_PRODUCT, 'add-to-cart', {
      productId: KNIFE,
      quantity: '1',
    });
    cookie = added.cookies.join('; ');
  });
  /** What a post was answered: its status, and its field errors or its error line. */
  const answerOf = ({ status, first }: Submitted) => [
    status,
    first?.type === 'invalid' ? first.errors : first,
  ];

  it.each(
    NUL_POSTS,
  )('answers %s with a 4xx, never a 5xx, with and without JavaScript', async (_post, path, action, fields, answer) => {
    const { app } = storefrontOn();
    const plain = await app.submit(path, action, fields, { cookie });
    const data = await app.submit(`/fr${path}`, action, fields, { javascript: true, cookie });
    if (typeof answer === 'number') {
      expect(plain.status).toBe(answer);
      expect(answerOf(data)).toMatchObject([answer, { type: 'error', status: answer }]);
    } else {
      expect(plain.status).toBe(422);
      for (const message of Object.values(answer(messagesFor('en')))) expect(plain.html).toContain(message);
      expect(answerOf(data)).toEqual([200, answer(messagesFor('fr'))]);
    }
    expect(app.reported).toEqual([]);
  });

  it('answers a product id with NUL as it answers any unknown product id', async () => {
    const { app } = storefrontOn();
    const add = (productId: string) =>
      app.submit(ON_PRODUCT, 'add-to-cart', { productId, quantity: '1' }, { javascript: true, cookie });
    const unknown = answerOf(await add('no-such-product'));
    expect(unknown).toEqual([200, UNKNOWN_PRODUCT(messagesFor('en'))]);
    expect(answerOf(await add('no-such-product\u0000'))).toEqual(unknown);
  });
});

// The checkout's after(): an order's confirmation is queued in order_outbox once the order's redirect has been
// answered, once per order (apps/storefront/server/checkout-action.ts).
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { CHECKOUT_ADDRESS } from '../helpers/checkout-address.ts';
import { idempotencyKeyOf as keyOf } from '../helpers/idempotency-key.ts';
import { testShopServices } from '../helpers/shop-database.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

const KNIFE = 'chef-knife-20cm';

describe('the order confirmation outbox', () => {
  const app = createStorefrontApp();

  it('queues one confirmation in the buyer’s language after the redirect, and none for a retried post', async () => {
    const added = await request(app)
      .post(`/fr/products/${KNIFE}`)
      .type('form')
      .send({ _action: 'add-to-cart', productId: KNIFE, quantity: '1' });
    const cookie = ([] as string[]).concat(added.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
    const key = keyOf((await request(app).get('/fr/checkout').set('Cookie', cookie)).text);
    const post = () =>
      request(app)
        .post('/fr/checkout')
        .set('Cookie', cookie)
        .type('form')
        .send({ _action: 'place-order', ...CHECKOUT_ADDRESS, [IDEMPOTENCY_FIELD]: key });

    const placed = await post();
    expect(placed.status).toBe(303);
    const orderId = (placed.headers.location as string).split('/').pop();
    const { db } = await testShopServices();
    const queued = () =>
      db.query<{ locale: string }>('select locale from order_outbox where order_id = $1', [orderId]);
    await vi.waitFor(async () => expect(await queued()).toEqual([{ locale: 'fr' }]));

    expect((await post()).headers.location).toBe(placed.headers.location);
    // A retried post would queue its task after its answer too: give it the same chance, then count.
    await request(app).get('/fr/checkout').set('Cookie', cookie);
    expect(await queued()).toHaveLength(1);
  });
});

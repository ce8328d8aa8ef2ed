// The scale-out test's shoppers: loops that each add to a new cart, open the checkout and place the order
// through nginx, recording every order they were told was placed and every request that failed.
import { IDEMPOTENCY_FIELD } from '../../apps/storefront/shop-rules.ts';
import { idempotencyKeyOf } from '../helpers/idempotency-key.ts';
import { describeError, type Failure, PERSON_USER_AGENT, REQUEST_TIMEOUT_MS } from './load-loops.ts';

export const ORDER_LOOPS = 2;
const MAX_ORDERS_PER_LOOP = 500;
const ORDERS_HARD_LIMIT_MS = 30_000;

export interface PlacedOrder {
  idempotencyKey: string;
  /** `/orders/<id>`, where the post redirected. */
  location: string;
  cookie: string;
}

export interface OrderResult {
  placed: PlacedOrder[];
  failures: Failure[];
}

/** ORDER_LOOPS shoppers checking out until `stop()`, MAX_ORDERS_PER_LOOP each, or ORDERS_HARD_LIMIT_MS. */
export async function runOrders(origin: string, stop: () => boolean): Promise<OrderResult> {
  const hardDeadline = Date.now() + ORDERS_HARD_LIMIT_MS;
  const placed: PlacedOrder[] = [];
  const failures: Failure[] = [];
  await Promise.all(
    Array.from({ length: ORDER_LOOPS }, async () => {
      for (let count = 0; count < MAX_ORDERS_PER_LOOP && !stop() && Date.now() < hardDeadline; count++) {
        const sentAt = Date.now();
        try {
          placed.push(await checkOut(origin));
        } catch (error) {
          failures.push({ sentAt, path: '/checkout', detail: describeError(error) });
        }
      }
    }),
  );
  return { placed, failures };
}

/** One shopper: a new cart with one knife, the checkout form, the order placed. Throws on any other answer. */
async function checkOut(origin: string): Promise<PlacedOrder> {
  const added = await post(origin, '/products/chef-knife-20cm', {
    _action: 'add-to-cart',
    productId: 'chef-knife-20cm',
    quantity: '1',
  });
  const cookie = added.headers
    .getSetCookie()
    .find((pair) => pair.startsWith('cart='))
    ?.split(';')[0];
  if (added.status !== 303 || !cookie) throw new Error(`add: status ${added.status}`);
  const form = await fetch(`${origin}/checkout`, {
    headers: { Cookie: cookie, 'User-Agent': PERSON_USER_AGENT },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const idempotencyKey = idempotencyKeyOf(await form.text());
  if (form.status !== 200 || !idempotencyKey) throw new Error(`checkout form: status ${form.status}`);
  const order = await post(
    origin,
    '/checkout',
    {
      _action: 'place-order',
      [IDEMPOTENCY_FIELD]: idempotencyKey,
      name: 'Load Shopper',
      email: 'shopper@example.com',
      street: '1 Test Street',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    cookie,
  );
  const location = order.headers.get('location') ?? '';
  if (order.status !== 303 || !location.startsWith('/orders/'))
    throw new Error(`order: status ${order.status}`);
  return { idempotencyKey, location, cookie };
}

function post(origin: string, path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origin,
      'User-Agent': PERSON_USER_AGENT,
      ...(cookie && { Cookie: cookie }),
    },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

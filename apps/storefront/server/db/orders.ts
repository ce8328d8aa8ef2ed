import { randomUUID } from 'node:crypto';
import type { Database, Queryable, QueryOptions } from '#runtime/database';
import { HttpError, type Locale } from '#runtime/shared';
import type { CartLine } from '../../types.ts';
import { isUuid } from '../uuid.ts';
import { readCart, withLineTotal } from './carts.ts';

/** Who the order goes to; validated by the checkout form before it gets here. */
export interface OrderAddress {
  name: string;
  email: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
}

export type PlacedOrder =
  /** `created: false`: this idempotency key had already placed it (a double submit or a retried post). */
  | { placed: true; orderId: string; created: boolean }
  /** Nothing to order: the cart is empty. */
  | { placed: false };

/** Who places an order: the cart it empties, and the signed-in account it then belongs to. */
export interface OrderBuyer {
  cartId: string;
  accountId?: string;
}

/** Who asks to see an order: the visitor's cart, and their account when signed in. */
export interface OrderViewer {
  cartId?: string;
  accountId?: string;
}

export interface OrderView extends OrderAddress {
  id: string;
  totalCents: number;
  createdAt: Date;
  locale: Locale;
  /** Named and priced as they were when the order was placed. */
  lines: CartLine[];
}

async function orderOfKey(transaction: Queryable, cartId: string, idempotencyKey: string) {
  const [order] = await transaction.query<{ id: string; cart_id: string }>(
    'select id, cart_id from orders where idempotency_key = $1',
    [idempotencyKey],
  );
  if (order && order.cart_id !== cartId)
    throw new HttpError(409, 'This checkout form belongs to another cart');
  return order?.id;
}

/**
 * Places the cart's order in one transaction: the order and its lines at the catalogue's current prices,
 * then the cart emptied. The cart's row is locked first, and the idempotency key looked up under that lock,
 * so a double submit (even two at the same moment) makes exactly one order.
 */
export function placeOrder(
  db: Database,
  { cartId, accountId }: OrderBuyer,
  address: OrderAddress,
  locale: Locale,
  idempotencyKey: string,
  options?: QueryOptions,
): Promise<PlacedOrder> {
  return db.transaction(async (transaction) => {
    await transaction.query('select 1 from carts where id = $1 for no key update', [cartId]);
    const existing = await orderOfKey(transaction, cartId, idempotencyKey);
    if (existing) return { placed: true, orderId: existing, created: false };
    const lines = await readCart(transaction, cartId, locale);
    if (lines.length === 0) return { placed: false };
    const orderId = randomUUID();
    const total = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const { name, email, street, postcode, city, country } = address;
    await transaction.query(
      `insert into orders (id, cart_id, idempotency_key, name, email, street, postcode, city, country, locale, total_cents, account_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        orderId,
        cartId,
        idempotencyKey,
        name,
        email,
        street,
        postcode,
        city,
        country,
        locale,
        total,
        accountId ?? null,
      ],
    );
    for (const [position, line] of lines.entries()) {
      await transaction.query(
        'insert into order_lines (order_id, product_id, name, unit_price_cents, quantity, position) values ($1, $2, $3, $4, $5, $6)',
        [orderId, line.productId, line.name, line.unitPriceCents, line.quantity, position],
      );
    }
    await transaction.query('delete from cart_lines where cart_id = $1', [cartId]);
    return { placed: true, orderId, created: true };
  }, options);
}

/**
 * The order `orderId`, only for its account (from any device) or, for an order placed without signing in,
 * the cart that placed it while nobody is signed in: anyone else gets undefined (a 404). A signed-in visitor
 * sees the account's orders only, even when their cart placed one before (an account adopts such an order
 * at sign-in only when it has the order's email: account-orders.ts).
 */
export async function findOrder(
  db: Database,
  orderId: string,
  { cartId, accountId }: OrderViewer,
  options?: QueryOptions,
): Promise<OrderView | undefined> {
  if (!isUuid(orderId) || (!cartId && !accountId)) return undefined;
  const viewer = accountId ? 'account_id = $2' : 'account_id is null and cart_id = $2';
  const [order] = await db.query<Omit<OrderView, 'lines'>>(
    `select id, name, email, street, postcode, city, country, locale, total_cents as "totalCents", created_at as "createdAt"
     from orders where id = $1 and ${viewer}`,
    [orderId, accountId ?? cartId],
    options,
  );
  if (!order) return undefined;
  const lines = await db.query<Omit<CartLine, 'lineTotalCents'>>(
    `select l.product_id as "productId", l.name, p.category_id as "categoryPath",
       l.unit_price_cents as "unitPriceCents", l.quantity
     from order_lines l join products p on p.id = l.product_id
     where l.order_id = $1 order by l.position`,
    [orderId],
    options,
  );
  return { ...order, lines: lines.map(withLineTotal) };
}

import type { Database, QueryOptions } from '#runtime/database';
import { type CanonicalEmail, canonicalEmail } from '../email-address.ts';
import type { OrderAddress } from './orders.ts';

/** An order in the account's list. */
export interface AccountOrder {
  id: string;
  createdAt: Date;
  totalCents: number;
}

/** The most orders the account page lists, newest first. */
export const ACCOUNT_ORDERS_SHOWN = 100;

/** The account's orders, newest first (indexed by orders_account_id). */
// #region account-orders-query
export function accountOrders(
  db: Database,
  accountId: string,
  options?: QueryOptions,
): Promise<AccountOrder[]> {
  return db.query<AccountOrder>(
    `select id, created_at as "createdAt", total_cents as "totalCents" from orders
     where account_id = $1 order by created_at desc, id limit $2`,
    [accountId, ACCOUNT_ORDERS_SHOWN],
    options,
  );
}
// #endregion account-orders-query

/** The address of the account's last order, to fill in its next checkout; undefined before its first. */
export async function lastOrderAddress(
  db: Database,
  accountId: string,
  options?: QueryOptions,
): Promise<OrderAddress | undefined> {
  const [address] = await db.query<OrderAddress>(
    `select name, email, street, postcode, city, country from orders
     where account_id = $1 order by created_at desc, id limit 1`,
    [accountId],
    options,
  );
  return address;
}

/**
 * At sign-in, the orders the visitor's cart placed without an account become the account's when their email
 * is the account's (both canonical): they join its list and open on its other devices. An order of another
 * email stays nobody's: a signed-in visitor sees only the account's orders, so the next person to sign in
 * at a shared browser never sees the last one's name and address. Compared here, not in SQL, so that
 * `canonicalEmail()` stays the one definition of an email's form.
 */
export async function adoptVisitorOrders(
  db: Database,
  { accountId, email, visitorCartId }: { accountId: string; email: CanonicalEmail; visitorCartId: string },
  options?: QueryOptions,
): Promise<void> {
  const placed = await db.query<{ id: string; email: string }>(
    'select id, email from orders where cart_id = $1 and account_id is null',
    [visitorCartId],
    options,
  );
  const own = placed.filter((order) => canonicalEmail(order.email) === email).map((order) => order.id);
  if (own.length === 0) return;
  await db.query(
    'update orders set account_id = $1 where id = any($2::uuid[]) and account_id is null',
    [accountId, own],
    options,
  );
}

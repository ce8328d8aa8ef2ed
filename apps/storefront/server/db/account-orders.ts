import type { Database, QueryOptions } from '#runtime/database';
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

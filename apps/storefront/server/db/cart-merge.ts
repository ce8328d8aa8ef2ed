import type { Database, Queryable, QueryOptions } from '#runtime/database';
import { MAX_CART_LINES, MAX_QUANTITY } from '../../shop-rules.ts';

/** What a sign-in did to the carts: the account's cart, and what of the visitor's did not fit in it. */
export interface CartMerge {
  /** The account's cart, which the cookie points to from now on; undefined when it has none yet. */
  cartId: string | undefined;
  /** Products of the visitor's cart that found no room (the account's cart had MAX_CART_LINES lines). */
  leftOut: number;
  /** Lines whose two quantities added up to more than MAX_QUANTITY, kept at MAX_QUANTITY. */
  clamped: number;
}

/** Adds the visitor's quantities to the account's lines of the same products, at most MAX_QUANTITY each. */
async function addToSharedLines(transaction: Queryable, into: string, from: string): Promise<number> {
  const clamped = await transaction.query<{ clamped: boolean }>(
    `with pairs as (
       select a.product_id, a.quantity + v.quantity as total from cart_lines a
       join cart_lines v on v.product_id = a.product_id and v.cart_id = $2
       where a.cart_id = $1
     )
     update cart_lines set quantity = least(pairs.total, $3) from pairs
     where cart_lines.cart_id = $1 and cart_lines.product_id = pairs.product_id
     returning pairs.total > $3 as clamped`,
    [into, from, MAX_QUANTITY],
  );
  return clamped.filter((line) => line.clamped).length;
}

/**
 * Copies the visitor's other lines, oldest first, while the account's cart has room (MAX_CART_LINES); the
 * rest are counted as left out. Resolves with how many were left out.
 */
async function addNewLines(transaction: Queryable, into: string, from: string): Promise<number> {
  const [counts] = await transaction.query<{ added: number; offered: number }>(
    `with offered as (
       select v.product_id, v.quantity, v.added_seq from cart_lines v
       where v.cart_id = $2 and not exists (
         select 1 from cart_lines a where a.cart_id = $1 and a.product_id = v.product_id)
     ), room as (
       select greatest(0, $3 - count(*))::int as lines from cart_lines where cart_id = $1
     ), added as (
       insert into cart_lines (cart_id, product_id, quantity)
       select $1, product_id, quantity from offered order by added_seq limit (select lines from room)
       returning 1
     )
     select (select count(*) from added)::int as added, (select count(*) from offered)::int as offered`,
    [into, from, MAX_CART_LINES],
  );
  return (counts?.offered ?? 0) - (counts?.added ?? 0);
}

/**
 * At sign-in, in one transaction: the visitor's cart (when it belongs to no account) becomes the account's
 * when the account has none, or is merged into it and deleted. Quantities add up to at most MAX_QUANTITY a
 * line, and lines beyond MAX_CART_LINES are left out; both are counted so the visitor is told. The account's
 * row is locked first, so two sign-ins of one account merge one after the other.
 */
export function mergeCartIntoAccount(
  db: Database,
  { accountId, visitorCartId }: { accountId: string; visitorCartId: string | undefined },
  options?: QueryOptions,
): Promise<CartMerge> {
  return db.transaction(async (transaction) => {
    await transaction.query('select 1 from accounts where id = $1 for no key update', [accountId]);
    const [own] = await transaction.query<{ id: string }>('select id from carts where account_id = $1', [
      accountId,
    ]);
    const visitor = visitorCartId
      ? await transaction.query(
          'select 1 from carts where id = $1 and account_id is null for no key update',
          [visitorCartId],
        )
      : [];
    if (!visitorCartId || visitor.length === 0) return { cartId: own?.id, leftOut: 0, clamped: 0 };
    if (!own) {
      await transaction.query('update carts set account_id = $1 where id = $2', [accountId, visitorCartId]);
      return { cartId: visitorCartId, leftOut: 0, clamped: 0 };
    }
    const clamped = await addToSharedLines(transaction, own.id, visitorCartId);
    const leftOut = await addNewLines(transaction, own.id, visitorCartId);
    await transaction.query('delete from carts where id = $1', [visitorCartId]);
    return { cartId: own.id, leftOut, clamped };
  }, options);
}

import { randomUUID } from 'node:crypto';
import type { Database, Queryable, QueryOptions } from '#runtime/database';
import type { Locale } from '#runtime/shared';
import type { CartLine } from '../../types.ts';
import { isUuid } from '../uuid.ts';

/** Why an add or change was refused; the database enforces each (0001-shop-schema.sql). */
export type CartRefusal =
  | 'quantity-out-of-range'
  | 'cart-full'
  | 'unknown-product'
  | 'unknown-cart'
  | 'not-in-cart';

/** A change to one line of one cart. */
export interface LineChange {
  cartId: string;
  productId: string;
  quantity: number;
}

export type CartChange = { ok: true; quantity: number } | { ok: false; refusal: CartRefusal };

/** The check on a line's quantity, 1 to MAX_QUANTITY (apps/storefront/shop-rules.ts). */
export const QUANTITY_CONSTRAINT = 'cart_lines_quantity_range';
/** What the trigger that caps a cart at MAX_CART_LINES lines names as its constraint when it refuses. */
export const LINE_COUNT_CONSTRAINT = 'cart_lines_count_cap';

/**
 * The constraints that refuse a cart change, by the name Postgres reports with the error (`constraint`),
 * and what each means for the visitor. The two caps are named in 0006-cart-constraint-names.sql; the
 * foreign keys keep the names Postgres gave them in 0001 and 0004.
 */
export const CART_REFUSALS: ReadonlyMap<string, CartRefusal> = new Map([
  [QUANTITY_CONSTRAINT, 'quantity-out-of-range'],
  [LINE_COUNT_CONSTRAINT, 'cart-full'],
  ['cart_lines_product_id_fkey', 'unknown-product'],
  ['cart_lines_cart_id_fkey', 'unknown-cart'],
  ['cart_adds_cart_id_fkey', 'unknown-cart'],
]);

/** SQLSTATEs of a refused change (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';

/** What a refused statement means for the visitor, by its code and constraint; anything else is thrown. */
function refusalOf(error: unknown): CartRefusal | undefined {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== CHECK_VIOLATION && code !== FOREIGN_KEY_VIOLATION) return undefined;
  return typeof constraint === 'string' ? CART_REFUSALS.get(constraint) : undefined;
}

/** A new, empty cart; resolves with its id (random, so it cannot be guessed). */
export async function createCart(db: Database, options?: QueryOptions): Promise<string> {
  const id = randomUUID();
  await db.query('insert into carts (id) values ($1)', [id], options);
  return id;
}

/**
 * Whether `id` names a visitor's cart: one that exists (a cookie may carry one that is gone, or was never
 * made) and belongs to no account (an account's cart is its own, whatever cookie a browser kept).
 */
export async function isVisitorCart(db: Database, id: string, options?: QueryOptions): Promise<boolean> {
  if (!isUuid(id)) return false;
  const sql = 'select 1 from carts where id = $1 and account_id is null';
  return (await db.query(sql, [id], options)).length === 1;
}

/** The account's cart, made the first time it needs one: one per account (carts_account_unique), even at once. */
export async function accountCart(db: Queryable, accountId: string, options?: QueryOptions): Promise<string> {
  const [cart] = await db.query<{ id: string }>(
    `insert into carts (id, account_id) values ($1, $2)
     on conflict (account_id) do update set updated_at = now() returning id`,
    [randomUUID(), accountId],
    options,
  );
  if (!cart) throw new Error('insert … returning gave no row');
  return cart.id;
}

/** Runs one statement that writes a cart line; a refusal the database makes becomes a CartChange. */
async function changeLine(
  db: Database,
  sql: string,
  params: readonly unknown[],
  options: QueryOptions | undefined,
): Promise<CartChange> {
  try {
    const [line] = await db.query<{ quantity: number }>(sql, params, options);
    return line ? { ok: true, quantity: line.quantity } : { ok: false, refusal: 'not-in-cart' };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { ok: false, refusal };
    throw error;
  }
}

/**
 * Adds `quantity` of a product to a cart in one statement: two tabs adding at the same moment both count,
 * and a line never goes past MAX_QUANTITY (the add that would is refused, whole). With `idempotencyKey`
 * (the form's hidden key, kept in `cart_adds`), a second post of the same form changes nothing and answers
 * like the first: a double submit or a post a proxy retried adds once.
 */
export async function addToCart(
  db: Database,
  { cartId, productId, quantity, idempotencyKey }: LineChange & { idempotencyKey?: string },
  options?: QueryOptions,
): Promise<CartChange> {
  if (idempotencyKey === undefined) {
    return changeLine(
      db,
      `insert into cart_lines (cart_id, product_id, quantity) values ($1, $2, $3)
       on conflict (cart_id, product_id) do update set quantity = cart_lines.quantity + excluded.quantity
       returning quantity`,
      [cartId, productId, quantity],
      options,
    );
  }
  const change = await changeLine(
    db,
    `with recorded as (
       insert into cart_adds (cart_id, add_key) values ($1, $4) on conflict do nothing returning cart_id
     )
     insert into cart_lines (cart_id, product_id, quantity) select cart_id, $2, $3 from recorded
     on conflict (cart_id, product_id) do update set quantity = cart_lines.quantity + excluded.quantity
     returning quantity`,
    [cartId, productId, quantity, idempotencyKey],
    options,
  );
  // No line written: this form's add was made before.
  if (!change.ok && change.refusal === 'not-in-cart')
    return { ok: true, quantity: await quantityInCart(db, { cartId, productId }, options) };
  return change;
}

/** Sets the quantity of a line the cart has (0 removes it); a product not in the cart is refused. */
export function setQuantity(
  db: Database,
  { cartId, productId, quantity }: LineChange,
  options?: QueryOptions,
): Promise<CartChange> {
  if (quantity === 0) {
    return changeLine(
      db,
      'delete from cart_lines where cart_id = $1 and product_id = $2 returning 0 as quantity',
      [cartId, productId],
      options,
    );
  }
  return changeLine(
    db,
    'update cart_lines set quantity = $3 where cart_id = $1 and product_id = $2 returning quantity',
    [cartId, productId, quantity],
    options,
  );
}

/** How many of `productId` the cart holds (0 when none). */
export async function quantityInCart(
  db: Queryable,
  { cartId, productId }: Omit<LineChange, 'quantity'>,
  options?: QueryOptions,
): Promise<number> {
  const [line] = await db.query<{ quantity: number }>(
    'select quantity from cart_lines where cart_id = $1 and product_id = $2',
    [cartId, productId],
    options,
  );
  return line?.quantity ?? 0;
}

/** Units in the cart, all lines together (the header's count). */
export async function countItems(db: Queryable, cartId: string, options?: QueryOptions): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select coalesce(sum(quantity), 0)::int as count from cart_lines where cart_id = $1',
    [cartId],
    options,
  );
  return row?.count ?? 0;
}

/** A line as the database gives it, with its total (unit price × quantity). */
export function withLineTotal(line: Omit<CartLine, 'lineTotalCents'>): CartLine {
  return { ...line, lineTotalCents: line.unitPriceCents * line.quantity };
}

/** The cart's lines, oldest first, named in `locale` and priced as the catalogue prices them now. */
export async function readCart(
  db: Queryable,
  cartId: string,
  locale: Locale,
  options?: QueryOptions,
): Promise<CartLine[]> {
  const lines = await db.query<Omit<CartLine, 'lineTotalCents'>>(
    `select l.product_id as "productId", t.name, p.category_id as "categoryPath", p.price_cents as "unitPriceCents", l.quantity
     from cart_lines l
     join products p on p.id = l.product_id
     join product_texts t on t.product_id = l.product_id and t.locale = $2
     where l.cart_id = $1
     order by l.added_seq`,
    [cartId, locale],
    options,
  );
  return lines.map(withLineTotal);
}

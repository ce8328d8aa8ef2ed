/**
 * Who is asking, read once per request: the signed-in account (from the runtime's session) and the cart the
 * pages show. A signed-in visitor's cart is their account's, whatever the `cart` cookie says; a visitor who
 * is not signed in has the cookie's cart only while it belongs to no account, so a browser whose session
 * ran out does not show the account's cart to the next person at it. The root middleware gives it to every
 * handler as `context.visitor()` (middleware.ts). Server-only.
 */

import { cartIdOf, setCartCookie } from './cart-cookie.ts';
import { type SessionAccount, signedInAccount } from './db/accounts.ts';
import { accountCart, createCart, isVisitorCart } from './db/carts.ts';
import type { ShopSessionLookup } from './sessions.ts';
import type { ShopContext, VisitorContext } from './step.ts';

export interface Visitor {
  /** Undefined when not signed in. */
  account: SessionAccount | undefined;
  /** The cart the pages show and the actions change; undefined until one is made. */
  cartId: string | undefined;
}

/** The request's visitor, read from the database the first time a handler of the request asks. */
export type VisitorLookup = () => Promise<Visitor>;

async function readVisitor(context: ShopContext, session: ShopSessionLookup): Promise<Visitor> {
  const { signal } = context;
  const db = context.services.db;
  const { userId } = await session();
  const account = userId === undefined ? undefined : await signedInAccount(db, userId, { signal });
  if (account) return { account, cartId: account.cartId };
  const cookieCart = cartIdOf(context);
  const cartId = cookieCart && (await isVisitorCart(db, cookieCart, { signal })) ? cookieCart : undefined;
  return { account: undefined, cartId };
}

/**
 * The root middleware's `visitor()` for one request: the first call reads, later ones (the root layout's
 * step and the page's, an action's and the page it shows again) get the same answer.
 */
export function visitorLookup(context: ShopContext, session: ShopSessionLookup): VisitorLookup {
  let visitor: Promise<Visitor> | undefined;
  return function visitorOfRequest() {
    visitor ??= readVisitor(context, session);
    return visitor;
  };
}

/**
 * The visitor's cart, made when they have none (a signed-in visitor's is their account's). The cookie is
 * written again either way, so a cart in use keeps its 30 days.
 */
export async function ensureCart(context: VisitorContext): Promise<string> {
  const { signal } = context;
  const db = context.services.db;
  const { account, cartId: known } = await context.visitor();
  // A cart made here is empty: the handlers after this one (the page again, when the add is refused) show
  // the right count without being told of it.
  const cartId =
    known ??
    (account ? await accountCart(db, account.accountId, { signal }) : await createCart(db, { signal }));
  setCartCookie(context, cartId);
  return cartId;
}

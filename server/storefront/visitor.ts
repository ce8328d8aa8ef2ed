/**
 * Who is asking, read once per request: the signed-in account (from the `session` cookie) and the cart the
 * pages show. A signed-in visitor's cart is their account's, whatever the `cart` cookie says; a visitor who
 * is not signed in has the cookie's cart only while it belongs to no account, so a browser whose session
 * ran out does not show the account's cart to the next person at it. Server-only.
 */

import { sessionTokenOf } from './accounts/session-cookie.ts';
import { cartIdOf, setCartCookie } from './cart-cookie.ts';
import { accountCart, createCart, isVisitorCart } from './db/carts.ts';
import { findSession, type SessionAccount } from './db/sessions.ts';
import type { ShopContext } from './step.ts';

export interface Visitor {
  /** Undefined when not signed in. */
  account: SessionAccount | undefined;
  /** The cart the pages show and the actions change; undefined until one is made. */
  cartId: string | undefined;
}

/**
 * Per request (the root layout's step and the page's both ask): keyed by Node's request object, so nothing
 * outlives its request and no request sees another's.
 */
const visitors = new WeakMap<object, Promise<Visitor>>();

async function readVisitor(context: ShopContext): Promise<Visitor> {
  const { signal } = context;
  const db = context.services.db;
  const token = sessionTokenOf(context);
  const account = token ? await findSession(db, token, { signal }) : undefined;
  if (account) return { account, cartId: account.cartId };
  const cookieCart = cartIdOf(context);
  const cartId = cookieCart && (await isVisitorCart(db, cookieCart, { signal })) ? cookieCart : undefined;
  return { account: undefined, cartId };
}

/** The request's visitor, read from the database the first time a handler of the request asks. */
export function visitorOf(context: ShopContext): Promise<Visitor> {
  let visitor = visitors.get(context.request);
  if (!visitor) {
    visitor = readVisitor(context);
    visitors.set(context.request, visitor);
  }
  return visitor;
}

/** Records what an action changed (a cart made, a sign-in), for the handlers that run after it. */
export function rememberVisitor(context: ShopContext, visitor: Visitor): void {
  visitors.set(context.request, Promise.resolve(visitor));
}

/**
 * The visitor's cart, made when they have none (a signed-in visitor's is their account's). The cookie is
 * written again either way, so a cart in use keeps its 30 days.
 */
export async function ensureCart(context: ShopContext): Promise<string> {
  const { signal } = context;
  const db = context.services.db;
  const visitor = await visitorOf(context);
  let { cartId } = visitor;
  if (!cartId) {
    cartId = visitor.account
      ? await accountCart(db, visitor.account.accountId, { signal })
      : await createCart(db, { signal });
    rememberVisitor(context, { ...visitor, cartId });
  }
  setCartCookie(context, cartId);
  return cartId;
}

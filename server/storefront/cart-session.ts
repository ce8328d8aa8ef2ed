/**
 * The visitor's cart session. The signed cookie `cart` holds only a random cart id; the lines live in the
 * database, so two tabs adding at once both count. A cookie that is unsigned, tampered with or not a cart id
 * reads as no cart, and an id the database does not know is no cart either: the next add starts a new one
 * and replaces the cookie. Server-only.
 */
import type { CookieOptions } from 'express';
import { cartExists, createCart } from './db/carts.ts';
import type { ShopContext } from './step.ts';
import { isUuid } from './uuid.ts';

const CART_COOKIE = 'cart';
const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
// Path and Secure are left to the runtime's setCookie (BASE_PATH, and HTTPS requests).
const COOKIE_OPTIONS = {
  signed: true,
  httpOnly: true,
  sameSite: 'lax',
  maxAge: CART_COOKIE_MAX_AGE_MS,
} as const satisfies CookieOptions;

/** The cart id the request's cookie carries, when it is one we signed; undefined otherwise. */
export function cartIdOf({ signedCookies }: Pick<ShopContext, 'signedCookies'>): string | undefined {
  const id = signedCookies[CART_COOKIE];
  return typeof id === 'string' && isUuid(id) ? id : undefined;
}

/**
 * The visitor's cart, made when they have none (or theirs is gone). The cookie is written again either way,
 * so a cart in use keeps its 30 days.
 */
export async function ensureCart(context: ShopContext): Promise<string> {
  const { signal } = context;
  const db = context.services.db;
  const known = cartIdOf(context);
  const id = known && (await cartExists(db, known, { signal })) ? known : await createCart(db, { signal });
  context.setCookie(CART_COOKIE, id, COOKIE_OPTIONS);
  return id;
}

/**
 * The cart cookie. The signed cookie `cart` holds only a random cart id; the lines live in the database, so
 * two tabs adding at once both count. A cookie that is unsigned, tampered with or not a cart id reads as no
 * cart, and an id the database does not know (or an account's cart, see visitor.ts) is no cart either: the
 * next add starts a new one and replaces the cookie. Server-only.
 */
import type { CookieOptions } from 'express';
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

/** Points the cart cookie at `cartId` for 30 days more. */
export function setCartCookie(context: ShopContext, cartId: string): void {
  context.setCookie(CART_COOKIE, cartId, COOKIE_OPTIONS);
}

/** Clears the cart cookie (at sign-out: the account's cart stays the account's, not the browser's). */
export function forgetCartCookie(context: ShopContext): void {
  context.setCookie(CART_COOKIE, '', { ...COOKIE_OPTIONS, signed: false, maxAge: 0 });
}

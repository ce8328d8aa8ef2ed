/**
 * The cart lives in a signed cookie named `cart` that holds only product ids and quantities, in order of
 * addition: `chef-knife-20cm:2,brass-table-lamp:1`. Names and prices always come from the catalogue, never
 * from the cookie. A cookie that is not exactly what we write (tampered, unsigned, malformed, oversized,
 * naming unknown products...) counts as an empty, untrusted cart: never partially trusted, never thrown on.
 * Server-only.
 */
import type { CookieOptions } from 'express';
import { findProduct } from './catalogue.ts';

export const CART_COOKIE = 'cart';
/** Distinct products a cart may hold. */
export const MAX_CART_LINES = 50;
/** Units of one product a cart may hold. */
export const MAX_QUANTITY = 99;
/**
 * Upper bound of the cookie's value before signing and URL-encoding. Signed and encoded (each `:` and `,`
 * becomes three bytes), 3000 bytes stay well under the 4096 bytes browsers keep per cookie.
 */
export const MAX_CART_COOKIE_BYTES = 3000;
export const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface CartCookieLine {
  readonly productId: string;
  readonly quantity: number;
}

export interface CartRead {
  readonly lines: readonly CartCookieLine[];
  /** False when a cart cookie was present but unusable: the caller should replace it (clearCart). */
  readonly trusted: boolean;
}

/** The request's cookies, as data steps, actions and the layout data step receive them. */
export interface CartCookieSource {
  readonly cookies: Readonly<Record<string, unknown>>;
  readonly signedCookies: Readonly<Record<string, unknown>>;
}

export type SetCookie = (name: string, value: string, options: CookieOptions) => void;

const EMPTY: CartRead = Object.freeze({ lines: Object.freeze([]), trusted: true });
const UNTRUSTED: CartRead = Object.freeze({ lines: Object.freeze([]), trusted: false });
/** One line as we write it: a catalogue slug, `:`, and a quantity from 1 to 99 without leading zeros. */
const LINE_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*):([1-9][0-9]?)$/;
// Path and Secure are left to the runtime's setCookie (BASE_PATH, and HTTPS requests).
const COOKIE_OPTIONS = { signed: true, httpOnly: true, sameSite: 'lax' } as const satisfies CookieOptions;

/** The visitor's cart from the request's cookies; an unusable cookie reads as an empty, untrusted cart. */
export function readCart({ cookies, signedCookies }: CartCookieSource): CartRead {
  if (!Object.hasOwn(signedCookies, CART_COOKIE)) {
    // cookie-parser moves every `s:` cookie to signedCookies; one left here was never signed by us.
    return Object.hasOwn(cookies, CART_COOKIE) ? UNTRUSTED : EMPTY;
  }
  // `false` when the signature does not match; an object when the signed value looked like `j:{...}`.
  const value = signedCookies[CART_COOKIE];
  if (typeof value !== 'string') return UNTRUSTED;
  const lines = parseCart(value);
  return lines ? { lines, trusted: true } : UNTRUSTED;
}

/** Writes `lines` as the visitor's cart; an empty cart removes the cookie. */
export function writeCart(setCookie: SetCookie, lines: readonly CartCookieLine[]): void {
  if (lines.length === 0) return clearCart(setCookie);
  const value = serializeCart(lines);
  // Callers check cartFits() first; refuse rather than write a cookie readCart would reject.
  if (!parseCart(value)) throw new RangeError('writeCart: the cart is invalid or too large for its cookie');
  setCookie(CART_COOKIE, value, { ...COOKIE_OPTIONS, maxAge: CART_COOKIE_MAX_AGE_MS });
}

/**
 * Replaces the cart cookie with an expired, empty signed one: browsers delete it, and one that kept it
 * anyway would send an empty, trusted cart.
 */
export function clearCart(setCookie: SetCookie): void {
  setCookie(CART_COOKIE, '', { ...COOKIE_OPTIONS, maxAge: 0 });
}

/** Whether `lines` can be stored: at most MAX_CART_LINES products and MAX_CART_COOKIE_BYTES bytes. */
export function cartFits(lines: readonly CartCookieLine[]): boolean {
  return (
    lines.length <= MAX_CART_LINES && Buffer.byteLength(serializeCart(lines), 'utf8') <= MAX_CART_COOKIE_BYTES
  );
}

/** Total units in the cart (the header's count). */
export function countItems(lines: readonly CartCookieLine[]): number {
  let count = 0;
  for (const line of lines) count += line.quantity;
  return count;
}

function serializeCart(lines: readonly CartCookieLine[]): string {
  return lines.map((line) => `${line.productId}:${line.quantity}`).join(',');
}

/** The lines of a cookie value, or `null` unless every part of it is valid. */
function parseCart(value: string): CartCookieLine[] | null {
  if (value === '') return [];
  // Checked before splitting, so an oversized value costs no work; UTF-16 length bounds the UTF-8 one below.
  if (value.length > MAX_CART_COOKIE_BYTES || Buffer.byteLength(value, 'utf8') > MAX_CART_COOKIE_BYTES) {
    return null;
  }
  const parts = value.split(',');
  if (parts.length > MAX_CART_LINES) return null;
  const seen = new Set<string>();
  const lines: CartCookieLine[] = [];
  for (const part of parts) {
    const match = LINE_PATTERN.exec(part);
    if (!match) return null;
    const [, productId = '', quantityText = ''] = match;
    if (seen.has(productId) || !findProduct(productId)) return null;
    const quantity = Number(quantityText);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return null;
    seen.add(productId);
    lines.push(Object.freeze({ productId, quantity }));
  }
  return lines;
}

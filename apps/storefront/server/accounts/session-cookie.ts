/**
 * The signed-in visitor's cookie `session`: a random token, signed with COOKIE_SECRET like the cart's, whose
 * SHA-256 names a row of `sessions` (db/sessions.ts). The cookie alone is worth nothing once the row is gone:
 * sign-out deletes it. Server-only.
 */
import type { CookieOptions } from 'express';
import {
  createSession,
  deleteSession,
  SESSION_ABSOLUTE_LIFETIME_SECONDS,
  sweepExpiredSessions,
} from '../db/sessions.ts';
import type { ShopContext } from '../step.ts';

export const SESSION_COOKIE = 'session';
/**
 * HttpOnly (no script reads it), SameSite=Lax (no cross-site post carries it; a link from elsewhere still
 * lands signed in), and it lasts as long as the session can. Path (BASE_PATH) and Secure (on HTTPS, TRUST_PROXY
 * honoured) are the runtime's setCookie's.
 */
const COOKIE_OPTIONS = {
  signed: true,
  httpOnly: true,
  sameSite: 'lax',
  maxAge: SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000,
} as const satisfies CookieOptions;

/** The token the request's cookie carries, when we signed it; undefined otherwise. */
export function sessionTokenOf({ signedCookies }: Pick<ShopContext, 'signedCookies'>): string | undefined {
  const token = signedCookies[SESSION_COOKIE];
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * Signs the account in with a new session (rotation: whatever session the cookie held is deleted first, so a
 * cookie planted before sign-in never becomes one), after deleting every expired session of the shop.
 */
export async function startSession(context: ShopContext, accountId: string): Promise<void> {
  const { signal } = context;
  const db = context.services.db;
  const previous = sessionTokenOf(context);
  if (previous) await deleteSession(db, previous, { signal });
  await sweepExpiredSessions(db, { signal });
  const token = await createSession(db, accountId, { signal });
  context.setCookie(SESSION_COOKIE, token, COOKIE_OPTIONS);
}

/** Signs out on this device: the session's row is deleted and the cookie cleared. */
export async function endSession(context: ShopContext): Promise<void> {
  const token = sessionTokenOf(context);
  if (token) await deleteSession(context.services.db, token, { signal: context.signal });
  forgetSessionCookie(context);
}

/** Clears the cookie (its row is gone already, or never was). */
export function forgetSessionCookie(context: ShopContext): void {
  context.setCookie(SESSION_COOKIE, '', { ...COOKIE_OPTIONS, signed: false, maxAge: 0 });
}

import { databaseSessionStore } from '#runtime/database';
import { createSessions, type SessionLookup } from '#runtime/server';
import type { ShopServices } from './services.ts';

/** The shop keeps nothing in a session but who signed in (its `userId`, an account's id). */
export type ShopSessionData = Record<never, never>;

/** What lasts one read: the sign-in page's notice after "Sign out everywhere". */
export interface ShopFlash {
  notice: 'signed-out-everywhere';
}

/** The request's session, as the root middleware gives it to every handler (`context.session()`). */
export type ShopSessionLookup = SessionLookup<ShopSessionData, ShopFlash>;

/**
 * The shop's sessions, in its database (the runtime's `runtime_sessions`, migrations 0013 and 0014), under
 * the signed `session` cookie, with the runtime's lifetimes: 7 days idle, 30 days after sign-in at most.
 */
// #region shop-sessions
export const shopSessions = createSessions<ShopSessionData, ShopFlash, ShopServices>({
  store: ({ db }) => databaseSessionStore(db),
});
// #endregion shop-sessions

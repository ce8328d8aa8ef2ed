// #region readers
import { cookieSessionStore, createSessions, type SessionLookup } from '#runtime/server';
import type { ShelfServices } from './services.ts';

/** Nothing kept besides who signed in; one notice that lasts one read, across the redirect after a form. */
export type ReaderSession = Record<never, never>;
export interface ReaderFlash {
  notice: string;
}

/**
 * Who is reading: the runtime's sessions, kept in the signed cookie itself (the shelf has no database). The
 * store is made once, so a signed-out session stays ended for the life of the process.
 */
const store = cookieSessionStore();
export const readerSessions = createSessions<ReaderSession, ReaderFlash, ShelfServices>({
  store: () => store,
});

/** What the root's middleware adds to every data step's and action's context: `session()`. */
export interface ShelfProvides {
  root: { session: SessionLookup<ReaderSession, ReaderFlash> };
}
// #endregion readers

import type { RequestContext } from './request-context.ts';
import type { SessionStore } from './session-store.ts';

/**
 * A visitor's session in one request, typed by the app: `Data` what it keeps, `Flash` what lasts one read.
 * Reads are plain; every change is saved at once (await it) and sets the session cookie, so make changes
 * before the page streams (in a middleware, an action or a data step, not in a deferred value). A visitor
 * without a cookie has an empty session, saved only once something is written to it.
 *
 * @example
 * const session = await context.session();
 * if (!session.userId) throw redirect(href('sign-in'), 303);
 * await session.set({ theme: 'dark' });
 * await session.flash('notice', 'Added to your cart');
 */
export interface Session<Data, Flash = Record<never, never>> {
  /** Who signed in (`signIn`), or undefined. */
  readonly userId: string | undefined;
  /** A value the session keeps. */
  get<Key extends keyof Data>(key: Key): Data[Key] | undefined;
  /** Keeps these values (an undefined one is removed), in one write. */
  set(values: { [Key in keyof Data]?: Data[Key] | undefined }): Promise<void>;
  /** Keeps a value until the next `takeFlash` of its key: "Added to your cart" across a redirect. */
  flash<Key extends keyof Flash>(key: Key, value: Flash[Key]): Promise<void>;
  /** The flash value of `key`, removed as it is read: a second read, or a reload, finds nothing. */
  takeFlash<Key extends keyof Flash>(key: Key): Promise<Flash[Key] | undefined>;
  /**
   * Signs `userId` in under a new id (the old one ends: a session id planted before sign-in is worth nothing
   * after it), keeping the data and flash values; its absolute lifetime starts again.
   */
  signIn(userId: string): Promise<void>;
  /** The same session under a new id, the old one ended: for another change of privilege (a new role). */
  rotate(): Promise<void>;
  /** Ends the session on the server and clears its cookie; what is written afterwards starts a new one. */
  signOut(): Promise<void>;
  /** Ends every session of the signed-in user, this one included ("sign out everywhere"). */
  signOutEverywhere(): Promise<void>;
}

/** The request's session, read the first time it is called (later calls get the same one). */
export type SessionLookup<Data, Flash = Record<never, never>> = () => Promise<Session<Data, Flash>>;

/**
 * How an app keeps its sessions (`createSessions`). Times are in seconds; the defaults suit a shop: 7 days
 * idle, 30 days absolute (NIST SP 800-63B asks AAL1 to reauthenticate within 30 days; OWASP ASVS chapter 3
 * asks for both limits).
 */
export interface SessionsOptions<Services = unknown> {
  /** Where the sessions live: a store, or one made from the app's services (`({ db }) => databaseSessionStore(db)`). */
  store: SessionStore | ((services: Services) => SessionStore);
  /** The cookie's name; default `session`. */
  cookieName?: string;
  /** A session ends after this long without a request; default 7 days. */
  idleTimeoutSeconds?: number;
  /** And this long after its sign-in (or its first write) whatever happens; default 30 days. */
  absoluteLifetimeSeconds?: number;
  /** How often a read moves `lastSeenAt` (a write to the store and the cookie); default 5 minutes. */
  touchIntervalSeconds?: number;
  /** Milliseconds since the epoch; default `Date.now` (tests move it). */
  now?: () => number;
}

/**
 * An app's sessions (`createSessions`): `of(context)` is the request's session, which the app hands to its
 * handlers from its root middleware (`root: (context) => ({ session: sessions.of(context) })`), so they find
 * it as `context.session()`, typed.
 */
export interface Sessions<Data, Flash = Record<never, never>, Services = unknown> {
  of(context: RequestContext<Services>): SessionLookup<Data, Flash>;
  /** The store of these services (for work outside a request: revoking a user's sessions from an admin task). */
  storeOf(services: Services): SessionStore;
}

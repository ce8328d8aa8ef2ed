import { createHash, randomBytes } from 'node:crypto';

/** What a session may hold: JSON, since both stores keep it as JSON (a row's column, the cookie's text). */
export type SessionValue =
  | string
  | number
  | boolean
  | null
  | SessionValue[]
  | { [key: string]: SessionValue };

/** The shape an app gives its session data and its flash values: named JSON values. */
export type SessionShape<Shape> = { [Key in keyof Shape]: SessionValue };

/**
 * A session as a store keeps it. Times are milliseconds since the epoch, from the sessions' clock (so a test
 * can move it); expiry is decided by the runtime (createSessions), the same for every store.
 */
export interface StoredSession {
  /** A random 256-bit id (newSessionId). Secret: whoever holds it holds the session. */
  id: string;
  /** The signed-in user (`signIn`), or undefined for a visitor nobody signed in. */
  userId: string | undefined;
  data: Readonly<Record<string, SessionValue>>;
  /** Values that last one read (`flash`, then `takeFlash`). */
  flash: Readonly<Record<string, SessionValue>>;
  /** When this id was made: its absolute lifetime counts from here (each sign-in makes a new one). */
  createdAt: number;
  /** The last request that read it (moved at most every touch interval): its idle timeout counts from here. */
  lastSeenAt: number;
}

/** Sessions that ended: seen last before `lastSeenBefore` (idle) or made before `createdBefore` (absolute). */
export interface ExpiredSessions {
  lastSeenBefore: number;
  createdBefore: number;
}

/**
 * Where sessions live: the runtime's session cookie carries a store's key (signed with COOKIE_SECRET), and
 * the store turns it back into the session. Two come with the runtime: `cookieSessionStore()` (the session
 * in the cookie itself) and `databaseSessionStore(db)` (`#runtime/database`). Every method takes the
 * request's signal.
 */
export interface SessionStore {
  /** The session whose cookie value is `key`, or undefined: unknown, ended, revoked, or not a key of ours. */
  read(key: string, signal?: AbortSignal): Promise<StoredSession | undefined>;
  /** Saves a new or changed session; resolves with the cookie value that names it from now on. */
  write(session: StoredSession, signal?: AbortSignal): Promise<string>;
  /** Saves only its `lastSeenAt` (not its data, which another request may be changing meanwhile). */
  touch(session: StoredSession, signal?: AbortSignal): Promise<string>;
  /** Ends the session: its cookie value opens nothing afterwards. */
  remove(session: StoredSession, signal?: AbortSignal): Promise<void>;
  /** Ends every session of the user made up to `at` ("sign out everywhere", a password change). */
  revokeUser(userId: string, at: number, signal?: AbortSignal): Promise<void>;
  /** Forgets the sessions that ended (run at each sign-in); their cookies open nothing meanwhile either. */
  sweep(expired: ExpiredSessions, signal?: AbortSignal): Promise<void>;
}

/** Random bytes of a session id: 256 bits, beyond guessing (OWASP asks for at least 64 bits of entropy). */
const SESSION_ID_BYTES = 32;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** A new session id: 32 random bytes, base64url. */
export function newSessionId(): string {
  return randomBytes(SESSION_ID_BYTES).toString('base64url');
}

/** Whether `text` could be an id newSessionId made (checked before a store looks it up). */
export function isSessionId(text: string): boolean {
  return SESSION_ID.test(text);
}

/** How a store that keeps sessions by id names one: the id's SHA-256, so a copy of the store opens none. */
export function sessionIdHash(id: string): Buffer {
  return createHash('sha256').update(id).digest();
}

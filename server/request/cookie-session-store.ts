import {
  type ExpiredSessions,
  isSessionId,
  type SessionStore,
  type SessionValue,
  type StoredSession,
} from '../definition/session-store.ts';

/**
 * The most bytes a session may take in its cookie (its JSON, base64url). Browsers keep a cookie of up to
 * 4096 bytes, name and value (RFC 6265 section 6.1 asks them for at least that): this leaves room for the
 * name, the signature (50 bytes) and the attributes.
 */
export const MAX_COOKIE_SESSION_BYTES = 3800;

/** A session too big for the cookie store: a browser would drop its cookie, and the session with it. */
export class SessionTooLargeError extends Error {
  override readonly name = 'SessionTooLargeError';
}

/** The session as its cookie holds it, in short keys (every byte travels with every request). */
interface CookieSession {
  v: 1;
  i: string;
  u?: string;
  d: Record<string, SessionValue>;
  f: Record<string, SessionValue>;
  c: number;
  s: number;
}

const isRecord = (value: unknown): value is Record<string, SessionValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decode(key: string): StoredSession | undefined {
  let parsed: Partial<CookieSession>;
  try {
    parsed = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { v, i, u, d, f, c, s } = parsed ?? {};
  const ok =
    v === 1 &&
    typeof i === 'string' &&
    isSessionId(i) &&
    (u === undefined || typeof u === 'string') &&
    isRecord(d) &&
    isRecord(f) &&
    Number.isFinite(c) &&
    Number.isFinite(s);
  return ok
    ? { id: i, userId: u, data: d, flash: f, createdAt: c as number, lastSeenAt: s as number }
    : undefined;
}

function encode(session: StoredSession): string {
  const { id, userId, data, flash, createdAt, lastSeenAt } = session;
  const cookie: CookieSession = { v: 1, i: id, u: userId, d: data, f: flash, c: createdAt, s: lastSeenAt };
  const key = Buffer.from(JSON.stringify(cookie), 'utf8').toString('base64url');
  if (key.length > MAX_COOKIE_SESSION_BYTES)
    throw new SessionTooLargeError(
      `This session takes ${key.length} bytes in its cookie, over the ${MAX_COOKIE_SESSION_BYTES} the cookie ` +
        'store allows (browsers drop a cookie over 4096 bytes): keep ids in the session and the records they ' +
        'name elsewhere, or keep sessions in the database (databaseSessionStore)',
    );
  return key;
}

/**
 * The sessions this process ended before their time (a sign-out, a rotation, a revoke-all), kept until
 * they would have expired anyway: the cookie store has no record of its own to delete.
 */
class Revocations {
  /** Ended session ids, with when each was made. */
  readonly #sessions = new Map<string, number>();
  /** Per user, the time up to which every session made was revoked. */
  readonly #users = new Map<string, number>();

  isRevoked({ id, userId, createdAt }: StoredSession): boolean {
    const userRevokedAt = userId === undefined ? undefined : this.#users.get(userId);
    return this.#sessions.has(id) || (userRevokedAt !== undefined && createdAt <= userRevokedAt);
  }

  revokeSession({ id, createdAt }: StoredSession): void {
    this.#sessions.set(id, createdAt);
  }

  revokeUser(userId: string, at: number): void {
    this.#users.set(userId, at);
  }

  sweep({ createdBefore }: ExpiredSessions): void {
    for (const [id, createdAt] of this.#sessions) if (createdAt < createdBefore) this.#sessions.delete(id);
    for (const [userId, at] of this.#users) if (at < createdBefore) this.#users.delete(userId);
  }
}

/**
 * Sessions kept in their cookie itself, for a small app without a database: the cookie (signed with
 * COOKIE_SECRET like every session cookie) holds the session's JSON, at most MAX_COOKIE_SESSION_BYTES
 * (SessionTooLargeError beyond). Sign-out, rotation and revoke-all are remembered by this process only, until
 * the sessions they ended would have expired: after a restart, or on another instance, a copy of an ended
 * session's cookie opens it again. An app with several instances keeps its sessions in the database
 * (`databaseSessionStore`).
 */
export function cookieSessionStore(): SessionStore {
  const revocations = new Revocations();
  return {
    async read(key) {
      const session = decode(key);
      return session && !revocations.isRevoked(session) ? session : undefined;
    },
    async write(session) {
      return encode(session);
    },
    async touch(session) {
      return encode(session);
    },
    async remove(session) {
      revocations.revokeSession(session);
    },
    async revokeUser(userId, at) {
      revocations.revokeUser(userId, at);
    },
    async sweep(expired) {
      revocations.sweep(expired);
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable, QueryOptions } from '#runtime/database';

/**
 * A session ends after 7 days without a request (idle) and 30 days after sign-in whatever happens
 * (absolute): a shop visited weekly keeps its visitor signed in, and a stolen cookie works a month at most.
 * NIST SP 800-63B 4.1.3 asks AAL1 to reauthenticate at least every 30 days; OWASP ASVS 3.3 wants both limits.
 */
export const SESSION_IDLE_TIMEOUT_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** `last_seen_at` is written at most this often, so reading a session is not a write per request. */
export const SESSION_TOUCH_INTERVAL_SECONDS = 5 * 60;
/** Random bytes of a session token: 256 bits, beyond guessing (OWASP asks for at least 64 bits of entropy). */
const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Who a session belongs to, and that account's cart when it has one. */
export interface SessionAccount {
  accountId: string;
  email: string;
  cartId: string | undefined;
}

/** The row's key: the token's SHA-256, so the table alone opens no session. */
function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Whether `text` could be a token we made (checked before any query). */
export function isSessionToken(text: string): boolean {
  return TOKEN.test(text);
}

/** A new session for the account; resolves with its token, which only the cookie holds. */
export async function createSession(
  db: Queryable,
  accountId: string,
  options?: QueryOptions,
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await db.query(
    'insert into sessions (token_hash, account_id) values ($1, $2)',
    [tokenHash(token), accountId],
    options,
  );
  return token;
}

/**
 * The account of a live session, or undefined (no such session, idle too long, or past its lifetime). Its
 * `last_seen_at` moves forward in the same statement when it is older than the touch interval.
 */
export async function findSession(
  db: Database,
  token: string,
  options?: QueryOptions,
): Promise<SessionAccount | undefined> {
  if (!isSessionToken(token)) return undefined;
  const [row] = await db.query<{ accountId: string; email: string; cartId: string | null }>(
    `with live as (
       select s.token_hash, s.account_id, s.last_seen_at from sessions s
       where s.token_hash = $1
         and s.last_seen_at > now() - $2 * interval '1 second'
         and s.created_at > now() - $3 * interval '1 second'
     ), touched as (
       update sessions set last_seen_at = now() from live
       where sessions.token_hash = live.token_hash and live.last_seen_at < now() - $4 * interval '1 second'
     )
     select live.account_id as "accountId", a.email, c.id as "cartId"
     from live join accounts a on a.id = live.account_id left join carts c on c.account_id = a.id`,
    [
      tokenHash(token),
      SESSION_IDLE_TIMEOUT_SECONDS,
      SESSION_ABSOLUTE_LIFETIME_SECONDS,
      SESSION_TOUCH_INTERVAL_SECONDS,
    ],
    options,
  );
  return row && { accountId: row.accountId, email: row.email, cartId: row.cartId ?? undefined };
}

/** Ends one session (sign-out): its cookie opens nothing afterwards. */
export async function deleteSession(db: Database, token: string, options?: QueryOptions): Promise<void> {
  if (!isSessionToken(token)) return;
  await db.query('delete from sessions where token_hash = $1', [tokenHash(token)], options);
}

/** Ends every session of the account ("sign out everywhere"). */
export async function deleteAccountSessions(
  db: Queryable,
  accountId: string,
  options?: QueryOptions,
): Promise<void> {
  await db.query('delete from sessions where account_id = $1', [accountId], options);
}

/** Deletes every expired session, of every account: run at each sign-in (indexed, so cheap). */
export async function sweepExpiredSessions(db: Queryable, options?: QueryOptions): Promise<void> {
  await db.query(
    `delete from sessions
     where last_seen_at <= now() - $1 * interval '1 second' or created_at <= now() - $2 * interval '1 second'`,
    [SESSION_IDLE_TIMEOUT_SECONDS, SESSION_ABSOLUTE_LIFETIME_SECONDS],
    options,
  );
}

import type { Database, Queryable, QueryOptions } from '#runtime/database';
import type { CanonicalEmail } from '../email-address.ts';

/**
 * The accounts' throttle, kept in the database (`account_attempts`) so it holds across instances and
 * restarts. Within a sliding window of 15 minutes: 5 failed sign-ins for one email, or 20 from one client
 * address, stop sign-in (OWASP ASVS 2.2.1); 10 sign-ups from one client address stop sign-up, since each
 * costs a password hash. Each stop lasts until the oldest counted attempt leaves the window. Failures are
 * counted per email whether or not an account has it, so the throttle says nothing about which emails have
 * one. While stopped, attempts are not counted: a stopped visitor is free again on time.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_SIGN_UPS_PER_ADDRESS = 10;

/** Who tried: the email in its canonical form and the client's address (Express's `req.ip`). */
export interface SignInAttempt {
  emailKey: CanonicalEmail;
  clientAddress: string;
}

/** What a row of `account_attempts` counts (its check constraint lists the same two). */
type AttemptKind = 'sign-in-failure' | 'sign-up';

/** One limit of the throttle: at most `max` attempts of a kind with this email or from this address. */
interface Limit {
  kind: AttemptKind;
  column: 'email_key' | 'client_address';
  value: string;
  max: number;
}

/**
 * Seconds until every limit is open again (rounded up), or 0 when they all are. Each limit's answer is its
 * most recent attempts' oldest (the max-th from the latest) leaving the window.
 */
async function waitSeconds(db: Queryable, limits: readonly Limit[], options?: QueryOptions): Promise<number> {
  const params: unknown[] = [SIGN_IN_WINDOW_SECONDS];
  const reopens = limits.map(({ kind, column, value, max }) => {
    params.push(kind, value, max);
    const [k, v, m] = [params.length - 2, params.length - 1, params.length];
    return `(select attempted_at + $1 * interval '1 second' from account_attempts
      where kind = $${k} and ${column} = $${v} and attempted_at > now() - $1 * interval '1 second'
      order by attempted_at desc offset $${m} - 1 limit 1)`;
  });
  const [row] = await db.query<{ seconds: number | null }>(
    `select ceil(extract(epoch from greatest(${reopens.join(', ')}) - now()))::int as seconds`,
    params,
    options,
  );
  return Math.max(0, row?.seconds ?? 0);
}

/** Counts an attempt; attempts that left the window are deleted in the same statement. */
async function recordAttempt(
  db: Queryable,
  kind: AttemptKind,
  { emailKey, clientAddress }: SignInAttempt,
  options?: QueryOptions,
): Promise<void> {
  await db.query(
    `with swept as (delete from account_attempts where attempted_at <= now() - $4 * interval '1 second')
     insert into account_attempts (kind, email_key, client_address) values ($1, $2, $3)`,
    [kind, emailKey, clientAddress, SIGN_IN_WINDOW_SECONDS],
    options,
  );
}

/** Seconds until sign-in is open again for this email and address, or 0 when it is open now. */
export function signInWaitSeconds(
  db: Database,
  { emailKey, clientAddress }: SignInAttempt,
  options?: QueryOptions,
): Promise<number> {
  const failures = 'sign-in-failure';
  return waitSeconds(
    db,
    [
      { kind: failures, column: 'email_key', value: emailKey, max: MAX_FAILURES_PER_EMAIL },
      { kind: failures, column: 'client_address', value: clientAddress, max: MAX_FAILURES_PER_ADDRESS },
    ],
    options,
  );
}

/** Counts a failed sign-in. */
export function recordSignInFailure(
  db: Database,
  attempt: SignInAttempt,
  options?: QueryOptions,
): Promise<void> {
  return recordAttempt(db, 'sign-in-failure', attempt, options);
}

/** After a successful sign-in, the email's failures no longer count (the address's still do). */
export async function clearSignInFailures(
  db: Database,
  emailKey: CanonicalEmail,
  options?: QueryOptions,
): Promise<void> {
  await db.query(
    `delete from account_attempts where kind = 'sign-in-failure' and email_key = $1`,
    [emailKey],
    options,
  );
}

/**
 * Lets a sign-up through and counts it, or says how many seconds until its address may sign up again (and
 * counts nothing). Checked and counted under a lock on the address, so a burst of sign-ups at one moment
 * gets exactly MAX_SIGN_UPS_PER_ADDRESS through, on one instance or several.
 */
export function admitSignUp(db: Database, attempt: SignInAttempt, options?: QueryOptions): Promise<number> {
  return db.transaction(async (transaction) => {
    await transaction.query("select pg_advisory_xact_lock(hashtextextended('sign-up ' || $1, 0))", [
      attempt.clientAddress,
    ]);
    const limit = { kind: 'sign-up', column: 'client_address', value: attempt.clientAddress } as const;
    const wait = await waitSeconds(transaction, [{ ...limit, max: MAX_SIGN_UPS_PER_ADDRESS }]);
    if (wait === 0) await recordAttempt(transaction, 'sign-up', attempt);
    return wait;
  }, options);
}

import type { Database, QueryOptions } from '#runtime/database';

/**
 * The sign-in throttle, kept in the database so it holds across instances and restarts: within a sliding
 * window of 15 minutes, 5 failures for one email, or 20 from one client address, stop sign-in until the
 * oldest of them leaves the window (OWASP ASVS 2.2.1). Failures are counted per email whether or not an
 * account has it, so the throttle says nothing about which emails have one. While stopped, attempts are not
 * counted: a locked-out visitor is free again on time.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Who failed: the email as a key (lower-cased) and the client's address (Express's `req.ip`). */
export interface SignInAttempt {
  emailKey: string;
  clientAddress: string;
}

/** The key of an email for the throttle: trimmed and lower-cased, as accounts compare emails. */
export function emailKeyOf(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Seconds until sign-in is open again for this email and address (rounded up), or 0 when it is open now.
 * Each limit's answer is its most recent failures' oldest (the limit-th from the latest) leaving the window.
 */
export async function signInWaitSeconds(
  db: Database,
  { emailKey, clientAddress }: SignInAttempt,
  options?: QueryOptions,
): Promise<number> {
  const reopensAt = (column: string, param: string, limitParam: string) =>
    `(select failed_at + $3 * interval '1 second' from sign_in_failures
      where ${column} = ${param} and failed_at > now() - $3 * interval '1 second'
      order by failed_at desc offset ${limitParam} - 1 limit 1)`;
  const [row] = await db.query<{ seconds: number | null }>(
    `select ceil(extract(epoch from greatest(
       ${reopensAt('email_key', '$1', '$4')}, ${reopensAt('client_address', '$2', '$5')}
     ) - now()))::int as seconds`,
    [emailKey, clientAddress, SIGN_IN_WINDOW_SECONDS, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_ADDRESS],
    options,
  );
  return Math.max(0, row?.seconds ?? 0);
}

/** Counts a failed sign-in; failures that left the window are deleted in the same statement. */
export async function recordSignInFailure(
  db: Database,
  { emailKey, clientAddress }: SignInAttempt,
  options?: QueryOptions,
): Promise<void> {
  await db.query(
    `with swept as (delete from sign_in_failures where failed_at <= now() - $3 * interval '1 second')
     insert into sign_in_failures (email_key, client_address) values ($1, $2)`,
    [emailKey, clientAddress, SIGN_IN_WINDOW_SECONDS],
    options,
  );
}

/** After a successful sign-in, the email's failures no longer count (the address's still do). */
export async function clearSignInFailures(
  db: Database,
  emailKey: string,
  options?: QueryOptions,
): Promise<void> {
  await db.query('delete from sign_in_failures where email_key = $1', [emailKey], options);
}

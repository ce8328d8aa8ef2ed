import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail } from '../../apps/storefront/server/db/accounts.ts';
import {
  createSession,
  deleteAccountSessions,
  deleteSession,
  findSession,
  sweepExpiredSessions,
} from '../../apps/storefront/server/db/sessions.ts';
import {
  clearSignInFailures,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_EMAIL,
  recordSignInFailure,
  signInWaitSeconds,
} from '../../apps/storefront/server/db/sign-in-failures.ts';
import { canonicalEmail } from '../../apps/storefront/server/email-address.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

const engines = await databaseEngines();
const newEmail = () => canonicalEmail(`store-${randomUUID()}@example.com`);
const newAddress = () => `203.0.113.${randomUUID()}`;

describe.each(engines)('the account store on %s', (_name, open) => {
  const database = useMigratedDatabase(open);
  const account = async () => {
    const created = await createAccount(database(), { email: newEmail(), passwordHash: 'x' });
    if (!created.ok) throw new Error('not created');
    return created.id;
  };
  const age = (column: 'last_seen_at' | 'created_at', token: string, seconds: number) =>
    database().query(
      `update sessions set ${column} = now() - $2 * interval '1 second' where token_hash = $1`,
      [createHash('sha256').update(token).digest(), seconds],
    );

  it('refuses a second account for an email in another case, by the index name', async () => {
    const email = newEmail();
    const upperCase = canonicalEmail(email.toUpperCase());
    expect((await createAccount(database(), { email, passwordHash: 'x' })).ok).toBe(true);
    expect(await createAccount(database(), { email: upperCase, passwordHash: 'y' })).toEqual({
      ok: false,
      refusal: 'email-taken',
    });
    expect((await findAccountByEmail(database(), upperCase))?.passwordHash).toBe('x');
  });

  it('stores only the SHA-256 of a session token, never the token', async () => {
    const token = await createSession(database(), await account());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database().query<{ token_hash: Uint8Array }>(
      'select token_hash from sessions where token_hash = $1',
      [createHash('sha256').update(token).digest()],
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]?.token_hash ?? []).toString('utf8')).not.toContain(token);
  });

  it('finds a live session, and none past its idle timeout or its absolute lifetime', async () => {
    const accountId = await account();
    const [live, idle, old] = [
      await createSession(database(), accountId),
      await createSession(database(), accountId),
      await createSession(database(), accountId),
    ];
    await age('last_seen_at', idle, 7 * 24 * 3600 + 1);
    await age('created_at', old, 30 * 24 * 3600 + 1);
    expect((await findSession(database(), live))?.accountId).toBe(accountId);
    expect(await findSession(database(), idle)).toBeUndefined();
    expect(await findSession(database(), old)).toBeUndefined();
    expect(await findSession(database(), 'not-a-token')).toBeUndefined();
  });

  it('moves last_seen_at forward only once it is older than the touch interval', async () => {
    const token = await createSession(database(), await account());
    const seen = async () =>
      (
        await database().query<{ at: Date }>(
          'select last_seen_at as at from sessions where token_hash = $1',
          [createHash('sha256').update(token).digest()],
        )
      )[0]?.at.getTime() ?? 0;
    await age('last_seen_at', token, 60);
    const before = await seen();
    await findSession(database(), token);
    expect(await seen()).toBe(before);
    await age('last_seen_at', token, 6 * 60);
    await findSession(database(), token);
    expect(await seen()).toBeGreaterThan(before);
  });

  it('deletes one session, every session of an account, and the expired ones of all', async () => {
    const accountId = await account();
    const [one, two, expired] = [
      await createSession(database(), accountId),
      await createSession(database(), accountId),
      await createSession(database(), await account()),
    ];
    await deleteSession(database(), one);
    expect(await findSession(database(), one)).toBeUndefined();
    expect(await findSession(database(), two)).toBeDefined();
    await deleteAccountSessions(database(), accountId);
    expect(await findSession(database(), two)).toBeUndefined();
    await age('last_seen_at', expired, 8 * 24 * 3600);
    await sweepExpiredSessions(database());
    const [{ count } = { count: -1 }] = await database().query<{ count: number }>(
      "select count(*)::int as count from sessions where last_seen_at < now() - interval '7 days'",
    );
    expect(count).toBe(0);
  });

  it('stops an email after 5 failures and an address after 20, until the oldest leaves the window', async () => {
    const attempt = { emailKey: newEmail(), clientAddress: newAddress() };
    for (let failure = 1; failure < MAX_FAILURES_PER_EMAIL; failure += 1)
      await recordSignInFailure(database(), attempt);
    expect(await signInWaitSeconds(database(), attempt)).toBe(0);
    await recordSignInFailure(database(), attempt);
    const wait = await signInWaitSeconds(database(), attempt);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    await database().query(
      "update account_attempts set attempted_at = attempted_at - interval '10 minutes' where email_key = $1",
      [attempt.emailKey],
    );
    expect(await signInWaitSeconds(database(), attempt)).toBeLessThanOrEqual(5 * 60);
    await clearSignInFailures(database(), attempt.emailKey);
    expect(await signInWaitSeconds(database(), attempt)).toBe(0);

    const address = newAddress();
    for (let failure = 0; failure < MAX_FAILURES_PER_ADDRESS; failure += 1)
      await recordSignInFailure(database(), { emailKey: newEmail(), clientAddress: address });
    expect(
      await signInWaitSeconds(database(), { emailKey: newEmail(), clientAddress: address }),
    ).toBeGreaterThan(0);
  });
});

import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createAccount,
  findAccountByEmail,
  signedInAccount,
} from '../../apps/storefront/server/db/accounts.ts';
import {
  clearSignInFailures,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_EMAIL,
  recordSignInFailure,
  signInWaitSeconds,
} from '../../apps/storefront/server/db/sign-in-failures.ts';
import { canonicalEmail } from '../../apps/storefront/server/email-address.ts';
import { databaseSessionStore } from '../../server/database/database-session-store.ts';
import { newSessionId, type StoredSession } from '../../server/definition/session-store.ts';
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
  const store = () => databaseSessionStore(database());
  const DAY = 24 * 3600 * 1000;
  /** A session of the account written to the shop's database, made `ageDays` ago and seen then. */
  const session = async (accountId: string, ageDays = 0): Promise<StoredSession> => {
    const at = Date.now() - ageDays * DAY;
    const stored = {
      id: newSessionId(),
      userId: accountId,
      data: {},
      flash: {},
      createdAt: at,
      lastSeenAt: at,
    };
    await store().write(stored);
    return stored;
  };

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

  it('stores only the SHA-256 of a session id, never the id', async () => {
    const { id } = await session(await account());
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database().query<{ id_hash: Uint8Array }>(
      'select id_hash from runtime_sessions where id_hash = $1',
      [createHash('sha256').update(id).digest()],
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]?.id_hash ?? []).toString('utf8')).not.toContain(id);
  });

  it('reads a session back as written, and nothing for an unknown or malformed id', async () => {
    const accountId = await account();
    const written = await session(accountId);
    expect(await store().read(written.id)).toEqual(written);
    expect(await store().read(newSessionId())).toBeUndefined();
    expect(await store().read('not-a-token')).toBeUndefined();
  });

  it('finds the account a session signed in, with its cart, and none for an id that is no account', async () => {
    const accountId = await account();
    expect(await signedInAccount(database(), accountId)).toMatchObject({ accountId, cartId: undefined });
    expect(await signedInAccount(database(), randomUUID())).toBeUndefined();
    expect(await signedInAccount(database(), 'not-a-uuid')).toBeUndefined();
  });

  it('deletes one session, every session of an account, and the expired ones of all', async () => {
    const accountId = await account();
    const [one, two, expired] = [
      await session(accountId),
      await session(accountId),
      await session(await account(), 8),
    ];
    await store().remove(one);
    expect(await store().read(one.id)).toBeUndefined();
    expect(await store().read(two.id)).toBeDefined();
    await store().revokeUser(accountId, Date.now());
    expect(await store().read(two.id)).toBeUndefined();
    await store().sweep({ lastSeenBefore: Date.now() - 7 * DAY, createdBefore: Date.now() - 30 * DAY });
    expect(await store().read(expired.id)).toBeUndefined();
    const [{ count } = { count: -1 }] = await database().query<{ count: number }>(
      "select count(*)::int as count from runtime_sessions where last_seen_at < now() - interval '7 days'",
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

import { randomUUID } from 'node:crypto';
import type { Database, QueryOptions } from '#runtime/database';
import type { CanonicalEmail } from '../email-address.ts';
import { isUuid } from '../uuid.ts';

/** An account as sign-in reads it. */
export interface StoredAccount {
  id: string;
  email: CanonicalEmail;
  passwordHash: string;
}

/**
 * The unique index on `email` (0010-canonical-emails.sql), which holds only canonical emails: an email has one
 * account however it is spelled (case, NFKC forms).
 */
export const EMAIL_UNIQUE_CONSTRAINT = 'accounts_email_unique';
/** SQLSTATE unique_violation (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = '23505';

export type CreatedAccount = { ok: true; id: string } | { ok: false; refusal: 'email-taken' };

/** A new account; an email some account has is refused, recognised by the index's name. */
export async function createAccount(
  db: Database,
  { email, passwordHash }: Omit<StoredAccount, 'id'>,
  options?: QueryOptions,
): Promise<CreatedAccount> {
  const id = randomUUID();
  try {
    await db.query(
      'insert into accounts (id, email, password_hash) values ($1, $2, $3)',
      [id, email, passwordHash],
      options,
    );
    return { ok: true, id };
  } catch (error) {
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION && constraint === EMAIL_UNIQUE_CONSTRAINT)
      return { ok: false, refusal: 'email-taken' };
    throw error;
  }
}

/** The account of `email`, compared as stored (both are canonical); undefined when there is none. */
export async function findAccountByEmail(
  db: Database,
  email: CanonicalEmail,
  options?: QueryOptions,
): Promise<StoredAccount | undefined> {
  const [account] = await db.query<StoredAccount>(
    'select id, email, password_hash as "passwordHash" from accounts where email = $1',
    [email],
    options,
  );
  return account;
}

/** Stores a new hash of the same password (made with today's cost, see password-hash.ts). */
export async function replacePasswordHash(
  db: Database,
  accountId: string,
  passwordHash: string,
  options?: QueryOptions,
): Promise<void> {
  await db.query('update accounts set password_hash = $2 where id = $1', [accountId, passwordHash], options);
}

/** Who a session belongs to (its `userId` is the account's id), and that account's cart when it has one. */
export interface SessionAccount {
  accountId: string;
  email: string;
  cartId: string | undefined;
}

/**
 * The account a session signed in, with its cart, or undefined when there is no such account (set aside by
 * migration 0010) or the id is no account's (not a UUID).
 */
export async function signedInAccount(
  db: Database,
  accountId: string,
  options?: QueryOptions,
): Promise<SessionAccount | undefined> {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db.query<{ email: string; cartId: string | null }>(
    `select a.email, c.id as "cartId" from accounts a left join carts c on c.account_id = a.id
     where a.id = $1 and a.email is not null`,
    [accountId],
    options,
  );
  return row && { accountId, email: row.email, cartId: row.cartId ?? undefined };
}

import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findAccountByEmail } from '../../apps/storefront/server/db/accounts.ts';
import { canonicalEmail } from '../../apps/storefront/server/email-address.ts';
import { shopMigrations } from '../../apps/storefront/server/shop-migrations.ts';
import { databaseSessionStore } from '../../server/database/database-session-store.ts';
import { migrate } from '../../server/database/migrate.ts';
import { newSessionId } from '../../server/definition/session-store.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

/** The shop's schema as it was before emails had one form: rows are written into it, then 0010 runs. */
const BEFORE = shopMigrations.filter((migration) => migration.version < 10);

/**
 * Every character with another lower case (ς too, folded to σ): the migration's SQL must fold each as
 * canonicalEmail() does. NFKC is Postgres's own normalize(), not listed here.
 */
function casedCharacters(): string[] {
  const characters: string[] = [];
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const character = String.fromCodePoint(codePoint);
    if (character.toLowerCase() !== character || character === 'ς') characters.push(character);
  }
  return characters;
}

/** The cased characters, 60 to a row, as the local parts of emails nobody else uses. */
const casedEmails = () => {
  const characters = casedCharacters();
  const emails: string[] = [];
  for (let start = 0; start < characters.length; start += 60)
    emails.push(`x${characters.slice(start, start + 60).join('')}.${randomUUID().slice(0, 8)}@example.com`);
  return emails;
};

describe.each(await databaseEngines(BEFORE))('migration 0010 (canonical emails) on %s', (_engine, open) => {
  const database = useMigratedDatabase(open);
  const insert = async (email: string, createdAt = '2024-01-01T00:00:00Z') => {
    const id = randomUUID();
    await database().query(
      'insert into accounts (id, email, password_hash, created_at) values ($1, $2, $3, $4)',
      [id, email, 'x', createdAt],
    );
    return id;
  };
  /** A session of the account as the shop kept them before the runtime's (migration 0007's table). */
  const createSession = async (accountId: string) => {
    const id = newSessionId();
    await database().query('insert into sessions (token_hash, account_id) values ($1, $2)', [
      createHash('sha256').update(id).digest(),
      accountId,
    ]);
    return id;
  };
  /** Whose session the id opens once every migration ran (0014 moved them into the runtime's table). */
  const sessionUser = async (id: string) => (await databaseSessionStore(database()).read(id))?.userId;

  it('folds every row as canonicalEmail does, keeps the oldest of a collision and sets the others aside', async () => {
    const db = database();
    const cased = casedEmails();
    const casedIds = await Promise.all(cased.map((email) => insert(email)));
    const plain = await insert('Ada.Lovelace@Example.COM');
    const kelvin = await insert('\u212aate@example.com');
    const sigma = await insert('ΟΔΟΣ@example.gr');
    // Three spellings of émile that the old index (on lower()) told apart: the oldest is the decomposed one.
    const decomposed = await insert('e\u0301mile@example.fr', '2020-01-01T00:00:00Z');
    const composed = await insert('émile@example.fr', '2021-01-01T00:00:00Z');
    const fullwidth = await insert('ｅ\u0301mile@example.fr', '2022-01-01T00:00:00Z');
    const invisible = await insert('ivan\u200b@example.com');
    const sessions = {
      kept: await createSession(decomposed),
      setAside: await createSession(composed),
      invisible: await createSession(invisible),
    };
    await db.query(
      "insert into sign_in_failures (email_key, client_address) values ('ΟΔΟΣ@EXAMPLE.GR', '::1')",
    );

    expect(await migrate(db, shopMigrations)).toContain('0010-canonical-emails.sql');

    const rows = await db.query<{ id: string; email: string | null; set_aside_email: string | null }>(
      'select id, email, set_aside_email from accounts',
    );
    const row = (id: string) => rows.find((candidate) => candidate.id === id);
    for (const [index, id] of casedIds.entries())
      expect(row(id)?.email).toBe(canonicalEmail(cased[index] as string));
    expect(row(plain)?.email).toBe('ada.lovelace@example.com');
    expect(row(kelvin)?.email).toBe('kate@example.com');
    expect(row(sigma)?.email).toBe('οδοσ@example.gr');
    expect(row(decomposed)).toMatchObject({ email: 'émile@example.fr', set_aside_email: null });
    expect(row(composed)).toMatchObject({ email: null, set_aside_email: 'émile@example.fr' });
    expect(row(fullwidth)).toMatchObject({ email: null, set_aside_email: 'ｅ\u0301mile@example.fr' });
    expect(row(invisible)).toMatchObject({ email: null, set_aside_email: 'ivan\u200b@example.com' });
    expect((await findAccountByEmail(db, canonicalEmail('ÉMILE@example.fr')))?.id).toBe(decomposed);
    expect(await sessionUser(sessions.kept)).toBe(decomposed);
    expect(await sessionUser(sessions.setAside)).toBeUndefined();
    expect(await sessionUser(sessions.invisible)).toBeUndefined();
    const [failure] = await db.query<{ email_key: string }>('select email_key from account_attempts');
    expect(failure?.email_key).toBe(canonicalEmail('ΟΔΟΣ@EXAMPLE.GR'));
  });
});

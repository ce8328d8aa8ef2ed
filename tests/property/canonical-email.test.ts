import { describe, expect, it } from 'vitest';
import { EMAIL_FIELD, PASSWORD_FIELD } from '../../apps/storefront/account-fields.ts';
import { accountMessages } from '../../apps/storefront/account-messages.ts';
import { readCredentials } from '../../apps/storefront/server/accounts/credentials.ts';
import { createAccount, findAccountByEmail } from '../../apps/storefront/server/db/accounts.ts';
import {
  MAX_FAILURES_PER_EMAIL,
  recordSignInFailure,
  signInWaitSeconds,
} from '../../apps/storefront/server/db/sign-in-failures.ts';
import { canonicalEmail } from '../../apps/storefront/server/email-address.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';
import { fc, PROPERTY_RUNS } from './property-runs.ts';

/** Round trips through the database: fewer runs than the pure properties. */
const DATABASE_RUNS = Math.min(PROPERTY_RUNS, 40);

const fullwidth = (ascii: string) => String.fromCodePoint((ascii.codePointAt(0) as number) + 0xfee0);
const latin = (letter: string) => [
  letter,
  letter.toUpperCase(),
  fullwidth(letter),
  fullwidth(letter.toUpperCase()),
];

/**
 * Characters of a canonical email, each with ways a person (or a keyboard, or an attacker) may type it:
 * other case, fullwidth forms, decomposed accents, compatibility look-alikes (Kelvin, Ångström and Ohm
 * signs, long s), the Turkish dotted capital I, the final sigma.
 */
const SPELLINGS: Record<string, readonly string[]> = {
  ...Object.fromEntries([...'abcdefghjlmnopqrtuvwxyz'].map((letter) => [letter, latin(letter)])),
  i: [...latin('i'), '\u0130'],
  k: [...latin('k'), '\u212a'],
  s: [...latin('s'), '\u017f'],
  ...Object.fromEntries([...'0123456789'].map((digit) => [digit, [digit, fullwidth(digit)]])),
  é: ['é', 'e\u0301', 'É', 'E\u0301'],
  ü: ['ü', 'u\u0308', 'Ü', 'U\u0308'],
  å: ['å', 'a\u030a', 'Å', '\u212b'],
  ω: ['ω', 'Ω', '\u2126'],
  σ: ['σ', 'Σ', 'ς'],
  '.': ['.', '\uff0e'],
  '@': ['@', '\uff20'],
};

const letters = Object.keys(SPELLINGS).filter((character) => character !== '.' && character !== '@');
const word = (min: number, max: number) =>
  fc.array(fc.constantFrom(...letters), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

/** A canonical email, unique per run (so runs against one database never meet). */
const canonical = fc
  .tuple(word(1, 8), fc.uuid(), word(1, 8), word(2, 5))
  .map(([local, id, host, top]) => `${local}.${id.slice(0, 8)}@${host}.${top}`);

/** One spelling of `email`: every character typed one of its ways, maybe with spaces around. */
const spellingOf = (email: string) =>
  fc
    .tuple(
      fc.tuple(...[...email].map((character) => fc.constantFrom(...(SPELLINGS[character] ?? [character])))),
      fc.constantFrom('', ' ', '  '),
      fc.constantFrom('', ' '),
    )
    .map(([characters, before, after]) => `${before}${characters.join('')}${after}`);

/** An email and several of its spellings. */
const spellings = canonical.chain((email) =>
  fc.tuple(
    fc.constant(email),
    fc.array(spellingOf(email), { minLength: 2, maxLength: MAX_FAILURES_PER_EMAIL + 1 }),
  ),
);

/** The email that sign-up and sign-in read from a form (the key of the throttle and of the lookup alike). */
function emailOfForm(email: string) {
  const read = readCredentials(
    { [EMAIL_FIELD]: email, [PASSWORD_FIELD]: 'a long enough password' },
    { isNew: false },
    accountMessages.en,
  );
  if ('errors' in read)
    throw new Error(`${JSON.stringify(email)} was refused: ${JSON.stringify(read.errors)}`);
  return read.email;
}

describe('the canonical email (property)', () => {
  it('is a fixed point: canonicalEmail of its own answer changes nothing, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = canonicalEmail(text);
        expect(canonicalEmail(once)).toBe(once);
      }),
    );
  });

  it('reads every spelling of one email as that email: one throttle key, one lookup key', () => {
    fc.assert(
      fc.property(spellings, ([email, typed]) => {
        for (const spelling of typed) expect(emailOfForm(spelling)).toBe(email);
      }),
    );
  });
});

describe.each(await databaseEngines())('the spellings of one email on %s (property)', (_engine, open) => {
  const database = useMigratedDatabase(open);

  it('reach one account, are refused a second one, and share the 5 failures of the sign-in throttle', async () => {
    await fc.assert(
      fc.asyncProperty(spellings, async ([, [first, ...others]]) => {
        const db = database();
        const email = emailOfForm(first as string);
        const created = await createAccount(db, { email, passwordHash: 'x' });
        // fast-check may draw one email twice (shrinking does): the account of the first draw is the one.
        const id = created.ok ? created.id : (await findAccountByEmail(db, email))?.id;
        const clientAddress = `198.51.100.${id}`;
        for (const spelling of others) {
          expect((await findAccountByEmail(db, emailOfForm(spelling)))?.id).toBe(id);
          expect((await createAccount(db, { email: emailOfForm(spelling), passwordHash: 'y' })).ok).toBe(
            false,
          );
        }
        const typed = [first as string, ...others];
        for (let failure = 0; failure < MAX_FAILURES_PER_EMAIL; failure += 1) {
          const spelling = typed[failure % typed.length] as string;
          await recordSignInFailure(db, { emailKey: emailOfForm(spelling), clientAddress });
        }
        for (const spelling of typed)
          expect(
            await signInWaitSeconds(db, { emailKey: emailOfForm(spelling), clientAddress }),
          ).toBeGreaterThan(0);
      }),
      { numRuns: DATABASE_RUNS },
    );
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../apps/storefront/account-messages.ts';
import { CookieJar, newClientAddress, signIn, signUp, visit } from '../helpers/accounts.ts';
import { databaseEngines } from '../helpers/database-engines.ts';
import { useStorefrontOn } from '../helpers/storefront-on-engine.ts';

const engines = await databaseEngines();
const from = () => ({ headers: { 'X-Forwarded-For': newClientAddress() } });
/** The text of a form's field error (`sign-up-email`, `sign-in-email`...). */
const fieldError = (html: string, field: string) =>
  new RegExp(`id="${field}-error" role="alert">([^<]*)</p>`).exec(html)?.[1];

/** Invisible characters, each inside an otherwise good email: sign-up and sign-in refuse them all. */
const INVISIBLE = [
  ['a zero-width space', '\u200b', 'U+200B'],
  ['a zero-width joiner', '\u200d', 'U+200D'],
  ['a left-to-right mark', '\u200e', 'U+200E'],
  ['a right-to-left override', '\u202e', 'U+202E'],
  ['a first-strong isolate', '\u2068', 'U+2068'],
  ['a soft hyphen', '\u00ad', 'U+00AD'],
  ['a word joiner', '\u2060', 'U+2060'],
  ['a variation selector', '\ufe0f', 'U+FE0F'],
  ['a byte order mark', '\ufeff', 'U+FEFF'],
  ['an Arabic letter mark', '\u061c', 'U+061C'],
  ['a tag character', '\u{e0041}', 'U+E0041'],
] as const;

describe.each(engines)('one canonical email on %s', (_engine, open) => {
  const storefront = useStorefrontOn(open, { TRUST_PROXY: '1' });

  it('throttles İvan@ with ivan@: after 5 failures the right password in the dotted capital I spelling gets 429', async () => {
    const { app } = storefront();
    const email = `ivan-${randomUUID()}@example.com`;
    expect((await signUp(app, { email }, from())).status).toBe(303);
    for (let failure = 0; failure < 5; failure += 1)
      expect((await signIn(app, { email, password: 'not the password' }, from())).status).toBe(422);
    const jar = new CookieJar();
    const stopped = await signIn(app, { email: `\u0130${email.slice(1)}` }, { ...from(), jar });
    expect(stopped.status).toBe(429);
    expect(stopped.headers['retry-after']).toMatch(/^\d+$/);
    expect(jar.get('session')).toBeUndefined();
  });

  it('signs in to one account from every spelling: case, dotted capital I, fullwidth, Kelvin sign, decomposed é', async () => {
    const { app } = storefront();
    const id = randomUUID().slice(0, 8);
    const email = `émile.kirk-${id}@example.fr`;
    expect((await signUp(app, { email }, from())).status).toBe(303);
    const spellings = [
      `E\u0301MILE.KIRK-${id.toUpperCase()}@EXAMPLE.FR`,
      `e\u0301mile.\u212a\u0130rk-${id}@example.fr`,
      `  émile.ｋｉｒｋ-${id}＠ｅｘａｍｐｌｅ．ｆｒ `,
    ];
    for (const spelling of spellings) {
      const jar = new CookieJar();
      expect((await signIn(app, { email: spelling }, { ...from(), jar })).status).toBe(303);
      expect((await visit(app, '/account', { jar })).text).toContain(accountMessages.en.signedInAs(email));
      const again = await signUp(app, { email: spelling }, from());
      expect([again.status, fieldError(again.text, 'sign-up-email')]).toEqual([
        422,
        accountMessages.en.errorEmailTaken,
      ]);
    }
  });

  it.each(
    INVISIBLE,
  )('refuses an email holding %s, naming it, in every language', async (_what, character, name) => {
    const { app } = storefront();
    const email = `look${character}alike-${randomUUID().slice(0, 8)}@example.com`;
    for (const [locale, prefix] of [
      ['en', ''],
      ['fr', '/fr'],
      ['de', '/de'],
    ] as const) {
      const refused = await signUp(app, { email }, { ...from(), path: `${prefix}/sign-up` });
      expect(refused.status).toBe(422);
      expect(fieldError(refused.text, 'sign-up-email')).toBe(
        accountMessages[locale].errorEmailCharacter(name),
      );
    }
    const signingIn = await signIn(app, { email }, from());
    expect(fieldError(signingIn.text, 'sign-in-email')).toBe(accountMessages.en.errorEmailCharacter(name));
  });
});

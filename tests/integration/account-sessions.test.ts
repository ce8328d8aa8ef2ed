import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CookieJar,
  newEmail,
  postForm,
  setCookiesOf,
  signedUpVisitor,
  signIn,
  signUp,
  visit,
} from '../helpers/accounts.ts';
import { databaseEngines } from '../helpers/database-engines.ts';
import { useStorefrontOn } from '../helpers/storefront-on-engine.ts';

const engines = await databaseEngines();
const SIGN_IN_FOR_ACCOUNT = '/sign-in?next=%2Faccount';

describe.each(engines)('sessions on %s', (_engine, open) => {
  // Behind a proxy, so each sign-up's X-Forwarded-For is an address of its own (sign-ups are throttled per address).
  const storefront = useStorefrontOn(open, { TRUST_PROXY: '1' });
  const opens = async (jar: CookieJar) => (await visit(storefront().app, '/account', { jar })).status === 200;

  it('signs up into a new session whose cookie is HttpOnly, SameSite=Lax, at / and not Secure over HTTP', async () => {
    const response = await signUp(storefront().app, { email: newEmail() });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/account');
    const session = setCookiesOf(response).find((cookie) => cookie.startsWith('session='));
    expect(session).toMatch(/; Path=\/;/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Max-Age=2592000/);
    expect(session).not.toMatch(/Secure/);
  });

  it('never makes a session of a planted cookie: a forged one opens nothing, and sign-in replaces it', async () => {
    const { app } = storefront();
    const { email } = await signedUpVisitor(app);
    const planted = randomBytes(32).toString('base64url');
    const jar = new CookieJar();
    jar.update([app.signedCookieHeader({ session: planted })]);
    expect((await visit(app, '/account', { jar })).headers.location).toBe(SIGN_IN_FOR_ACCOUNT);
    await signIn(app, { email }, { jar });
    expect(jar.get('session')).toBeDefined();
    expect(decodeURIComponent(jar.get('session') ?? '')).not.toContain(planted);
    expect(await opens(jar)).toBe(true);
    const stale = new CookieJar();
    stale.update([app.signedCookieHeader({ session: planted })]);
    expect(await opens(stale)).toBe(false);
  });

  it("rotates at sign-in: an attacker's own session planted in a victim's browser dies when the victim signs in", async () => {
    const { app } = storefront();
    const attacker = await signedUpVisitor(app);
    const victim = await signedUpVisitor(app);
    const victimBrowser = new CookieJar();
    victimBrowser.update([`session=${attacker.jar.get('session')}`]);
    await signIn(app, { email: victim.email }, { jar: victimBrowser });
    expect(victimBrowser.get('session')).not.toBe(attacker.jar.get('session'));
    expect((await visit(app, '/account', { jar: victimBrowser })).text).toContain(victim.email);
    expect(await opens(attacker.jar)).toBe(false);
  });

  it('signs out on the server: the old cookie opens nothing afterwards, and both cookies are cleared', async () => {
    const { app } = storefront();
    const { jar } = await signedUpVisitor(app);
    const before = new CookieJar();
    before.update([`session=${jar.get('session')}`]);
    const response = await postForm(app, '/sign-out', { _action: 'sign-out' }, { jar });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
    const cleared = setCookiesOf(response).filter((cookie) => /^(session|cart)=;/.test(cookie));
    expect(cleared.map((cookie) => cookie.split('=')[0])).toEqual(['session', 'cart']);
    for (const cookie of cleared) expect(cookie).toMatch(/Max-Age=0/);
    expect(jar.get('session')).toBeUndefined();
    expect(await opens(before)).toBe(false);
  });

  it('signs out everywhere: every session of the account ends, this one included', async () => {
    const { app } = storefront();
    const { jar: laptop, email } = await signedUpVisitor(app);
    const phone = new CookieJar();
    await signIn(app, { email }, { jar: phone });
    const other = await signedUpVisitor(app);
    expect([await opens(laptop), await opens(phone)]).toEqual([true, true]);
    const response = await postForm(app, '/account', { _action: 'sign-out-everywhere' }, { jar: phone });
    expect(response.headers.location).toBe('/sign-in');
    // The sign-in page says so once (a flash value of the session), not on a reload.
    const notice = 'You are signed out on all your devices.';
    expect((await visit(app, '/sign-in', { jar: phone })).text).toContain(notice);
    expect((await visit(app, '/sign-in', { jar: phone })).text).not.toContain(notice);
    const laptopAgain = new CookieJar();
    laptopAgain.update([`session=${laptop.get('session')}`]);
    expect([await opens(laptopAgain), await opens(phone), await opens(other.jar)]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('ends a session idle for 7 days, or 30 days after sign-in, and sweeps expired rows at the next sign-in', async () => {
    const { app, db } = storefront();
    const idle = await signedUpVisitor(app);
    const old = await signedUpVisitor(app);
    const age = (email: string, column: string, days: number) =>
      db.query(
        `update runtime_sessions set ${column} = now() - $2 * interval '1 day'
         where user_id = (select id::text from accounts where email = $1)`,
        [email, days],
      );
    await age(idle.email, 'last_seen_at', 6.9);
    expect(await opens(idle.jar)).toBe(true);
    await age(idle.email, 'last_seen_at', 7.1);
    await age(old.email, 'created_at', 30.1);
    expect([await opens(idle.jar), await opens(old.jar)]).toEqual([false, false]);
    await signedUpVisitor(app);
    const [{ count } = { count: -1 }] = await db.query<{ count: number }>(
      `select count(*)::int as count from runtime_sessions
       where last_seen_at <= now() - interval '7 days' or created_at <= now() - interval '30 days'`,
    );
    expect(count).toBe(0);
  });

  it('guards /account by its middleware: the page, its data answer and its action want a session', async () => {
    const { app } = storefront();
    expect((await visit(app, '/account')).headers.location).toBe(SIGN_IN_FOR_ACCOUNT);
    expect((await visit(app, '/fr/account')).headers.location).toBe('/fr/sign-in?next=%2Faccount');
    const refused = { type: 'redirect', location: SIGN_IN_FOR_ACCOUNT, status: 303 };
    expect((await app.data('/account')).first).toEqual(refused);
    expect((await app.data('/account', { keep: ['root'] })).first).toEqual(refused);
    const scripted = await app.submit('/account', 'sign-out-everywhere', {}, { javascript: true });
    expect(scripted.first).toEqual(refused);
    const plain = await app.submit('/account', 'sign-out-everywhere');
    expect(plain).toMatchObject({ status: 303, location: SIGN_IN_FOR_ACCOUNT });
    const forged = app.signedCookieHeader({ session: randomBytes(32).toString('base64url') });
    expect((await app.data('/account', { cookie: forged })).first).toEqual(refused);
  });
});

describe.each(engines)('the session cookie behind a proxy, under a base path, on %s', (_engine, open) => {
  const storefront = useStorefrontOn(open, { TRUST_PROXY: '1', BASE_PATH: '/store' });

  it('is Secure when the proxy says HTTPS, and scoped to BASE_PATH', async () => {
    const { app } = storefront();
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '10.9.8.7' };
    const response = await postForm(
      app,
      '/store/sign-up',
      { _action: 'sign-up', email: newEmail(), password: 'a long enough password' },
      { headers: { ...headers, Origin: 'https://127.0.0.1' } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/store/account');
    const session = setCookiesOf(response).find((cookie) => cookie.startsWith('session='));
    expect(session).toMatch(/; Path=\/store;/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
  });
});

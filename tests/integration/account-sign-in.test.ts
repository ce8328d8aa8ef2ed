import { describe, expect, it, onTestFinished } from 'vitest';
import { accountMessages } from '../../apps/storefront/account-messages.ts';
import storefrontApp from '../../apps/storefront/app.ts';
import { SCRYPT_COST } from '../../apps/storefront/server/accounts/password-hash.ts';
import { MAX_SIGN_UPS_PER_ADDRESS } from '../../apps/storefront/server/db/sign-in-failures.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import { createTestApp } from '../../server/test-kit.ts';
import {
  CookieJar,
  newClientAddress,
  newEmail,
  PASSWORD,
  postForm,
  setCookiesOf,
  signedUpVisitor,
  signIn,
  signUp,
} from '../helpers/accounts.ts';
import { databaseEngines } from '../helpers/database-engines.ts';
import { EVIL_NEXT_VALUES } from '../helpers/evil-next.ts';
import { shopServicesOn } from '../helpers/shop-database.ts';
import { secondStorefront, useStorefrontOn } from '../helpers/storefront-on-engine.ts';

const engines = await databaseEngines();
const { en, fr, de } = accountMessages;
/** The text of the page's form-wide error (the sign-in's answer to bad credentials or too many tries). */
const formError = (html: string) => /<p class="form-failure" role="alert">([^<]*)<\/p>/.exec(html)?.[1];
/** A request's own client address (the suites run behind a proxy), so the address throttles do not meet. */
const from = () => ({ headers: { 'X-Forwarded-For': newClientAddress() } });

describe.each(engines)('sign-up and sign-in on %s', (_engine, open) => {
  const storefront = useStorefrontOn(open, { TRUST_PROXY: '1' });

  it.each([
    ['9 characters', 'a'.repeat(9), 422],
    ['10 characters', 'a'.repeat(10), 303],
    ['10 emoji (20 UTF-16 units, 10 characters)', '🔑'.repeat(10), 303],
    ['9 emoji (18 UTF-16 units, 9 characters)', '🔑'.repeat(9), 422],
    ['128 characters', 'b'.repeat(128), 303],
    ['129 characters', 'b'.repeat(129), 422],
    ['spaces only', ' '.repeat(12), 303],
    ['5 decomposed é (10 code points, 5 characters after NFKC)', 'e\u0301'.repeat(5), 422],
    ['10 decomposed é (20 code points, 10 characters after NFKC)', 'e\u0301'.repeat(10), 303],
    ['9 ligatures ﬃ (9 code points, 27 characters after NFKC)', '\ufb03'.repeat(9), 303],
  ])('takes a password of %s: %i, with no composition rule', async (_what, password, status) => {
    const response = await signUp(storefront().app, { email: newEmail(), password }, from());
    expect(response.status).toBe(status);
    if (status === 422) {
      expect(response.text).toMatch(/Use at (least 10|most 128) characters\./);
      expect(response.text).not.toContain(password);
    }
  });

  it('refuses an email already taken, whatever its case, in the visitor’s language', async () => {
    const { app } = storefront();
    const email = newEmail('Taken');
    expect((await signUp(app, { email }, from())).status).toBe(303);
    const again = await signUp(app, { email: email.toUpperCase() }, { ...from(), path: '/de/sign-up' });
    expect(again.status).toBe(422);
    expect(again.text).toContain(de.errorEmailTaken);
    expect(again.text).toContain(`value="${email.toUpperCase()}"`);
  });

  it('answers an unknown email and a wrong password alike: same status, same message, no password back', async () => {
    const { app } = storefront();
    const { email } = await signedUpVisitor(app, from());
    const wrong = await signIn(app, { email, password: 'not the password at all' }, from());
    const unknown = await signIn(app, { email: newEmail(), password: 'not the password at all' }, from());
    expect([wrong.status, unknown.status]).toEqual([422, 422]);
    expect(formError(wrong.text)).toBe(en.errorCredentials);
    expect(formError(unknown.text)).toBe(formError(wrong.text));
    expect(wrong.text).not.toContain('not the password at all');
    const french = await signIn(
      app,
      { email: newEmail(), password: 'x' },
      { ...from(), path: '/fr/sign-in' },
    );
    expect(formError(french.text)).toBe(fr.errorCredentials);
  });

  it('spends as much CPU on an unknown email as on a wrong password: the hash runs either way', async () => {
    // Today's cost, not the suite's low one: at 1 ms a hash the comparison would measure noise.
    const services = { ...shopServicesOn(storefront().db), passwordCost: SCRYPT_COST };
    const app = createTestApp(
      { app: storefrontApp, server: storefrontServer },
      { services, env: { TRUST_PROXY: '1' } },
    );
    onTestFinished(() => app.stop());
    const { email } = await signedUpVisitor(app, from());
    // CPU time, not wall time: scrypt's CPU runs on libuv's pool inside this process and counts here, and
    // it does not stretch when other test files load the machine, as wall time did.
    const medianCpuMs = async (attempt: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const before = process.cpuUsage();
        await attempt();
        const spent = process.cpuUsage(before);
        times.push((spent.user + spent.system) / 1000);
      }
      return times.sort((a, b) => a - b)[1] ?? 0;
    };
    const wrong = await medianCpuMs(() => signIn(app, { email, password: 'not the password' }, from()));
    const unknown = await medianCpuMs(() =>
      signIn(app, { email: newEmail(), password: 'not the password' }, from()),
    );
    // Without the dummy hash an unknown email costs a few milliseconds of CPU, a twentieth of a hash.
    expect(unknown).toBeGreaterThan(wrong / 2);
  });

  it('answers in place with JavaScript: the invalid line has the errors and the email, never the password', async () => {
    const { app } = storefront();
    const answer = await app.submit(
      '/sign-in',
      'sign-in',
      { email: newEmail(), password: 'wrong but long' },
      {
        javascript: true,
      },
    );
    expect(answer.first).toMatchObject({ type: 'invalid', errors: { form: en.errorCredentials } });
    expect(JSON.stringify(answer.first)).not.toContain('wrong but long');
    const signedUp = await app.submit(
      '/sign-up',
      'sign-up',
      { email: newEmail(), password: PASSWORD },
      {
        javascript: true,
      },
    );
    expect(signedUp.first).toEqual({ type: 'redirect', location: '/account', status: 303 });
    expect(signedUp.cookies.some((cookie) => cookie.startsWith('session=s%3A'))).toBe(true);
  });

  it('logs no password, and reports nothing, however sign-in and sign-up go', async () => {
    const { app } = storefront();
    const secret = 'a password only this test knows';
    await signUp(app, { email: newEmail(), password: secret }, from());
    await signIn(app, { email: newEmail(), password: secret }, from());
    await signUp(app, { email: 'not an email', password: secret }, from());
    expect(JSON.stringify(app.logs)).not.toContain(secret);
    expect(app.reported).toEqual([]);
  });

  it.each(EVIL_NEXT_VALUES)('goes to /account, never to next=%j', async (next) => {
    const { app } = storefront();
    const { email } = await signedUpVisitor(app, from());
    const response = await signIn(
      app,
      { email },
      { ...from(), path: `/sign-in?next=${encodeURIComponent(next)}` },
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/account');
  });

  it('follows a next= that is a path of this site, in the visitor’s language', async () => {
    const { app } = storefront();
    const { email } = await signedUpVisitor(app, from());
    const path = `/fr/sign-in?next=${encodeURIComponent('/shop/kitchen?sort=name')}`;
    const response = await signIn(app, { email }, { ...from(), path });
    expect(response.headers.location).toBe('/fr/shop/kitchen?sort=name');
    const page = await app.follow('/sign-in?next=%2Fcheckout');
    expect(page.text).toContain('href="/sign-up?next=%2Fcheckout"');
  });

  it('sends a signed-in visitor on from /sign-in and /sign-up', async () => {
    const { app } = storefront();
    const { jar } = await signedUpVisitor(app, from());
    const response = await app.follow('/sign-in?next=%2Fcart', { cookie: jar.header() });
    expect(response.redirects[0]?.location).toBe('/cart');
    expect((await app.follow('/de/sign-up', { cookie: jar.header() })).redirects[0]?.location).toBe(
      '/de/account',
    );
  });

  it('keeps its pages out of search engines: noindex, robots.txt, not in the sitemap', async () => {
    const { app } = storefront();
    for (const path of ['/sign-in', '/sign-up', '/sign-out', '/fr/sign-in'])
      expect((await app.follow(path)).text).toContain('<meta name="robots" content="noindex"');
    const robots = (await app.follow('/robots.txt')).text;
    for (const path of ['/sign-in', '/sign-up', '/account', '/fr/account', '/de/sign-in'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect((await app.follow('/sitemap.xml')).text).not.toMatch(/\/(sign-in|sign-up|sign-out|account)[<"]/);
  });
});

describe.each(engines)('the sign-in and sign-up throttle on %s', (_engine, open) => {
  const storefront = useStorefrontOn(open, { TRUST_PROXY: '1' });

  it('answers 429 with Retry-After after 5 failures for one email, even to the right password', async () => {
    const { app } = storefront();
    const { email } = await signedUpVisitor(app, { headers: { 'X-Forwarded-For': newClientAddress() } });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failed = await signIn(
        app,
        { email, password: 'wrong password' },
        { headers: { 'X-Forwarded-For': newClientAddress() } },
      );
      expect(failed.status).toBe(422);
    }
    const jar = new CookieJar();
    const stopped = await signIn(app, { email }, { jar, headers: { 'X-Forwarded-For': newClientAddress() } });
    expect(stopped.status).toBe(429);
    const retryAfter = Number(stopped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(formError(stopped.text)).toBe(en.errorThrottled(15));
    expect(jar.get('session')).toBeUndefined();
  });

  it('answers 429 after 20 failures from one address, in the visitor’s language, on both paths', async () => {
    const { app } = storefront();
    const headers = { 'X-Forwarded-For': newClientAddress() };
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect((await signIn(app, { email: newEmail(), password: 'guess' }, { headers })).status).toBe(422);
    const stopped = await signIn(
      app,
      { email: newEmail(), password: 'guess' },
      { headers, path: '/fr/sign-in' },
    );
    expect(stopped.status).toBe(429);
    expect(formError(stopped.text)).toBe(fr.errorThrottled(15));
    const scripted = await postForm(
      app,
      '/_data/development/sign-in',
      { _action: 'sign-in', email: newEmail(), password: 'guess' },
      { headers },
    );
    expect(scripted.status).toBe(429);
    expect(scripted.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('lets 10 sign-ups from one address through in a burst of 12, then answers 429 with Retry-After', async () => {
    const { app } = storefront();
    const headers = { 'X-Forwarded-For': newClientAddress() };
    const burst = await Promise.all(
      Array.from({ length: MAX_SIGN_UPS_PER_ADDRESS + 2 }, () =>
        signUp(app, { email: newEmail() }, { headers }),
      ),
    );
    const statuses = burst.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(MAX_SIGN_UPS_PER_ADDRESS).fill(303), 429, 429]);
    for (const stopped of burst.filter((response) => response.status === 429)) {
      const retryAfter = Number(stopped.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(formError(stopped.text)).toBe(en.errorSignUpThrottled(15));
      expect(setCookiesOf(stopped).some((cookie) => cookie.startsWith('session='))).toBe(false);
    }
    const german = await signUp(app, { email: newEmail() }, { headers, path: '/de/sign-up' });
    expect([german.status, formError(german.text)]).toEqual([429, de.errorSignUpThrottled(15)]);
    expect((await signUp(app, { email: newEmail() }, from())).status).toBe(303);
  });

  it('holds across two app instances on one database', async () => {
    const { app, engine } = storefront();
    const second = secondStorefront(engine, { TRUST_PROXY: '1' });
    try {
      const email = newEmail();
      for (const instance of [app, second.app, app, second.app, app])
        expect(
          (
            await signIn(
              instance,
              { email, password: 'guess' },
              { headers: { 'X-Forwarded-For': newClientAddress() } },
            )
          ).status,
        ).toBe(422);
      const stopped = await signIn(
        second.app,
        { email, password: 'guess' },
        { headers: { 'X-Forwarded-For': newClientAddress() } },
      );
      expect(stopped.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

// The runtime's sessions (docs/middleware-and-sessions.md#sessions), on both stores: the cookie itself and the
// database (PGlite, and a Postgres server when installed). A small app (tests/fixtures/session-app/) signs in,
// out and everywhere, keeps a note and flashes a notice; its sessions read a clock the tests move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSessionStore, defineMigrations, sessionTableMigration } from '#runtime/database';
import { cookieSessionStore, type SessionStore, SessionTooLargeError } from '#runtime/server';
import { createTestApp, readDataLines, type TestApp } from '#runtime/test-kit';
import { sessionApp } from '../fixtures/session-app/routes.tsx';
import { sessionServerApp } from '../fixtures/session-app/server-app.ts';
import { CookieJar, postForm, setCookiesOf, visit } from '../helpers/accounts.ts';
import { databaseEngines, type MigratedDatabase } from '../helpers/database-engines.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A clock the sessions read, moved by the tests instead of waiting. */
function testClock() {
  let now = Date.UTC(2026, 0, 1);
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

type OpenStore = () => Promise<{ store: () => SessionStore; close(): Promise<void> }>;

const cookieStore: OpenStore = async () => {
  const store = cookieSessionStore();
  return { store: () => store, close: async () => {} };
};

const databaseStores: [string, OpenStore][] = (
  await databaseEngines(defineMigrations({ '0001-sessions.sql': sessionTableMigration }))
).map(([engine, open]) => [
  `the database (${engine})`,
  async () => {
    const engineDb: MigratedDatabase = await open();
    return { store: () => databaseSessionStore(engineDb.db), close: () => engineDb.close() };
  },
]);

const stores: [string, OpenStore][] = [['the cookie', cookieStore], ...databaseStores];

/** The session app on a store, with its clock, made before the suite's tests and closed after them. */
function useSessionApp(openStore: OpenStore, env?: Record<string, string>) {
  const clock = testClock();
  let app: TestApp | undefined;
  let close = async () => {};
  beforeAll(async () => {
    const opened = await openStore();
    close = opened.close;
    const { server } = sessionServerApp({ store: opened.store, now: clock.now });
    app = createTestApp({ app: sessionApp, server }, { services: {}, env });
  }, 60_000);
  afterAll(() => close());
  return () => {
    if (!app) throw new Error('The app is made before the tests of the suite');
    return { app, clock };
  };
}

const home = async (app: TestApp, jar: CookieJar) => (await visit(app, '/', { jar })).text;
const post = (app: TestApp, action: string, jar: CookieJar, fields: Record<string, string> = {}) =>
  postForm(app, '/session', { _action: action, ...fields }, { jar });
/** A jar holding another jar's session cookie as it is now: a copy someone kept. */
const copyOf = (jar: CookieJar) => {
  const copy = new CookieJar();
  copy.update([`session=${jar.get('session')}`]);
  return copy;
};

async function signedIn(app: TestApp, user: string): Promise<CookieJar> {
  const jar = new CookieJar();
  expect((await post(app, 'sign-in', jar, { user })).status).toBe(303);
  await home(app, jar);
  return jar;
}

describe.each(stores)('sessions in %s', (_store, openStore) => {
  const sessionApp = useSessionApp(openStore);

  it('signs in under a new id: the id before sign-in opens nothing, and what the session kept stays', async () => {
    const { app } = sessionApp();
    const jar = new CookieJar();
    await post(app, 'note', jar, { note: 'blue' });
    const before = copyOf(jar);
    expect(await home(app, before)).toContain('Note: blue');
    const response = await post(app, 'sign-in', jar, { user: 'ada' });
    const cookie = setCookiesOf(response).find((header) => header.startsWith('session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    expect(jar.get('session')).not.toBe(before.get('session'));
    const page = await home(app, jar);
    expect(page).toContain('Signed in as ada');
    expect(page).toContain('Note: blue');
    const planted = await home(app, before);
    expect(planted).toContain('Nobody signed in');
    expect(planted).not.toContain('Note: blue');
  });

  it('signs out under a new id: a copy of the signed-in cookie opens nothing afterwards', async () => {
    const { app } = sessionApp();
    const jar = await signedIn(app, 'grace');
    const kept = copyOf(jar);
    expect((await post(app, 'sign-out', jar)).headers.location).toBe('/');
    expect(jar.get('session')).toBeDefined();
    expect(jar.get('session')).not.toBe(kept.get('session'));
    expect(await home(app, jar)).toContain('Nobody signed in');
    expect(await home(app, kept)).toContain('Nobody signed in');
  });

  it('rotates on demand: the same user under a new id, the old id dead', async () => {
    const { app } = sessionApp();
    const jar = await signedIn(app, 'linus');
    const kept = copyOf(jar);
    await post(app, 'rotate', jar);
    expect(jar.get('session')).not.toBe(kept.get('session'));
    expect(await home(app, jar)).toContain('Signed in as linus');
    expect(await home(app, kept)).toContain('Nobody signed in');
  });

  it('ends a session idle for 7 days, and one 30 days after sign-in however often it is used', async () => {
    const { app, clock } = sessionApp();
    const idle = await signedIn(app, 'idle');
    const busy = await signedIn(app, 'busy');
    clock.advance(7 * DAY - MINUTE);
    expect(await home(app, idle)).toContain('Signed in as idle');
    // Read just now, so its 7 days start again; busy was not.
    clock.advance(2 * MINUTE);
    expect(await home(app, idle)).toContain('Signed in as idle');
    expect(await home(app, busy)).toContain('Nobody signed in');
    for (let day = 1; day <= 22; day += 1) {
      clock.advance(DAY);
      expect(await home(app, idle)).toContain('Signed in as idle');
    }
    clock.advance(DAY);
    expect(await home(app, idle)).toContain('Nobody signed in');
  });

  it('moves a session’s last sight (and sets its cookie again) only once the touch interval has passed', async () => {
    const { app, clock } = sessionApp();
    const jar = await signedIn(app, 'edsger');
    const setsCookie = async () =>
      setCookiesOf(await visit(app, '/', { jar })).some((header) => header.startsWith('session='));
    clock.advance(4 * MINUTE);
    expect(await setsCookie()).toBe(false);
    clock.advance(2 * MINUTE);
    expect(await setsCookie()).toBe(true);
    expect(await setsCookie()).toBe(false);
  });

  it('revokes every session of one user in one call, and no one else’s', async () => {
    const { app } = sessionApp();
    const laptop = await signedIn(app, 'margaret');
    const phone = await signedIn(app, 'margaret');
    const other = await signedIn(app, 'katherine');
    const laptopCopy = copyOf(laptop);
    await post(app, 'sign-out-everywhere', phone);
    expect(await home(app, phone)).toContain('Nobody signed in');
    expect(await home(app, laptopCopy)).toContain('Nobody signed in');
    expect(await home(app, other)).toContain('Signed in as katherine');
  });

  it('keeps a flash value for exactly one read across a redirect, with and without JavaScript', async () => {
    const { app } = sessionApp();
    const jar = new CookieJar();
    const response = await post(app, 'sign-in', jar, { user: 'barbara' });
    expect(response.headers.location).toBe('/');
    expect(await home(app, jar)).toContain('Welcome, barbara');
    expect(await home(app, jar)).not.toContain('Welcome');

    const scripted = await app.submit('/session', 'sign-out', {}, { javascript: true, cookie: jar.header() });
    expect(scripted.first).toEqual({ type: 'redirect', location: '/', status: 303 });
    jar.update(scripted.cookies);
    // The client router's data request for the redirect's target, then a reload of it.
    const first = readDataLines((await visit(app, '/_data/development', { jar })).text);
    expect(first.first).toMatchObject({ segments: [{ id: 'root' }, { data: { notice: 'Signed out' } }] });
    expect(await home(app, jar)).not.toContain('Signed out');
  });

  it('reads a tampered or forged cookie as no session, never a 500', async () => {
    const { app } = sessionApp();
    const jar = await signedIn(app, 'alan');
    const value = jar.get('session') ?? '';
    const tampered = new CookieJar();
    tampered.update([`session=${value.slice(0, -3)}${value.endsWith('AAA') ? 'BBB' : 'AAA'}`]);
    const answer = await visit(app, '/', { jar: tampered });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Nobody signed in');
    const forged = await visit(app, '/', { headers: { Cookie: app.signedCookieHeader({ session: 'x.y' }) } });
    expect(forged.status).toBe(200);
    expect(forged.text).toContain('Nobody signed in');
    expect(app.reported).toEqual([]);
  });

  it('makes a public page private once its step reads the session', async () => {
    const { app } = sessionApp();
    const answer = await visit(app, '/public');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/^private, no-cache, no-store/);
    expect(answer.headers.etag).toBeUndefined();
  });
});

describe.each(stores)('the session cookie under HTTPS, in %s', (_store, openStore) => {
  const sessionApp = useSessionApp(openStore, { TRUST_PROXY: '1' });

  it('is Secure when the proxy says HTTPS', async () => {
    const { app } = sessionApp();
    const response = await postForm(
      app,
      '/session',
      { _action: 'sign-in', user: 'ada' },
      { headers: { 'X-Forwarded-Proto': 'https', Origin: 'https://127.0.0.1' } },
    );
    expect(response.status).toBe(303);
    const cookie = setCookiesOf(response).find((header) => header.startsWith('session='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });
});

describe('the cookie store', () => {
  const sessionApp = useSessionApp(cookieStore);

  it('refuses a session too big for a cookie with an error that says so, and keeps the session as it was', async () => {
    const { app } = sessionApp();
    const jar = new CookieJar();
    await post(app, 'note', jar, { note: 'short' });
    const response = await post(app, 'note', jar, { note: 'x'.repeat(5000) });
    expect(response.status).toBe(500);
    const [reported] = app.reported;
    expect(reported?.error).toBeInstanceOf(SessionTooLargeError);
    expect((reported?.error as Error).message).toMatch(/takes \d+ bytes in its cookie, over the 3800/);
    expect(await home(app, jar)).toContain('Note: short');
  });
});

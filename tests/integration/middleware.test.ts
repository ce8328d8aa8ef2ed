// Route middleware (docs/middleware-and-sessions.md): a guard on a branch holds for every way into it, a
// document, its data answer (kept segments too), an action post (with and without JavaScript) and a resource
// route.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { guardedTestApp } from '../helpers/guarded-test-app.ts';

const SIGN_IN = '/sign-in?next=%2Faccount';

describe('a guarded branch', () => {
  it('redirects a document request without the cookie to sign in, and shows it with the cookie', async () => {
    const { app, ada } = guardedTestApp();
    const refused = await request(app.server).get('/account');
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe(SIGN_IN);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await request(app.server).head('/account')).headers.location).toBe(SIGN_IN);

    const shown = await request(app.server).get('/account').set('Cookie', ada);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Account of ada');
    expect(shown.text).toContain('Hello ada (ada)');
  });

  it('answers its data request without the cookie with the redirect line, kept segments or not', async () => {
    const { app, ada, calls } = guardedTestApp();
    expect((await app.data('/account')).first).toEqual({ type: 'redirect', location: SIGN_IN, status: 303 });
    const keep = ['root', 'members', 'account'];
    expect((await app.data('/account', { keep })).first).toEqual({
      type: 'redirect',
      location: SIGN_IN,
      status: 303,
    });

    calls.length = 0;
    const kept = await app.data('/account', { keep, cookie: ada });
    expect(kept.first).toMatchObject({
      type: 'page',
      segments: [null, null, null, { data: { greeting: 'Hello ada (ada)' } }],
    });
    // The kept segments' data steps did not run; their middleware did.
    expect(calls).toEqual(['members', 'account']);
  });

  it('refuses an action post without the cookie before reading its body, in both representations', async () => {
    const { app, ada } = guardedTestApp();
    const plain = await app.submit('/account', 'rename', { name: 'bob' });
    expect(plain).toMatchObject({ status: 303, location: SIGN_IN });
    const scripted = await app.submit('/account', 'rename', { name: 'bob' }, { javascript: true });
    expect(scripted.first).toEqual({ type: 'redirect', location: SIGN_IN, status: 303 });

    // A body over the 1 MiB cap would be 413 if it were read: the guard answers first and closes.
    const big = await request(app.server)
      .post('/account')
      .set('Origin', 'http://127.0.0.1')
      .set('Host', '127.0.0.1')
      .type('form')
      .send({ _action: 'rename', name: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(303);
    expect(big.headers.connection).toBe('close');

    const renamed = await app.submit('/account', 'rename', { name: 'bob' }, { cookie: ada });
    expect(renamed).toMatchObject({ status: 303, location: '/account?renamed=ada+to+bob' });
    const fetched = await app.submit(
      '/account',
      'rename',
      { name: 'bob' },
      { cookie: ada, javascript: true },
    );
    expect(fetched.first).toEqual({ type: 'redirect', location: '/account?renamed=ada+to+bob', status: 303 });
  });

  it('still checks the Origin first: a cross-site post is 403 whatever the middleware would say', async () => {
    const { app, calls } = guardedTestApp();
    const response = await request(app.server)
      .post('/account')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ _action: 'rename' });
    expect(response.status).toBe(403);
    expect(calls).toEqual([]);
  });

  it('redirects its resource route without the cookie, and gives the handler the account with it', async () => {
    const { app, ada } = guardedTestApp();
    const refused = await request(app.server).get('/account/statement.txt');
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe('/sign-in?next=%2Faccount%2Fstatement.txt');
    const statement = await request(app.server).get('/account/statement.txt').set('Cookie', ada);
    expect(statement.status).toBe(200);
    expect(statement.text).toBe('Statement of ada');
  });

  it('treats a cookie with a forged signature as no visitor', async () => {
    const { app } = guardedTestApp();
    const forged = await request(app.server).get('/account').set('Cookie', 'visitor=s%3Aada.forged');
    expect(forged.headers.location).toBe(SIGN_IN);
  });
});

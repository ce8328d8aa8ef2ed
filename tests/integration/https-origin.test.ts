import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EMAIL_FIELD, PASSWORD_FIELD } from '../../apps/storefront/account-fields.ts';
import { newEmail, PASSWORD, setCookiesOf } from '../helpers/accounts.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

type App = ReturnType<typeof createStorefrontApp>;

const HSTS = 'max-age=31536000; includeSubDomains';

/** The Set-Cookie header of cookie `name` in a response. */
const setCookieNamed = (response: request.Response, name: string) =>
  setCookiesOf(response).find((cookie) => cookie.startsWith(`${name}=`));

/** The cookies the runtime and the storefront set, each by the request that sets it. */
const cookieSetters: [name: string, send: (app: App, headers: Record<string, string>) => request.Test][] = [
  ['locale', (app, headers) => request(app).get('/_locale/fr?next=/shop').set(headers)],
  [
    'cart',
    (app, headers) =>
      request(app)
        .post('/products/chef-knife-20cm')
        .set(headers)
        .type('form')
        .send({ _action: 'add-to-cart', productId: 'chef-knife-20cm', quantity: '1' }),
  ],
  [
    'session',
    (app, headers) =>
      request(app)
        .post('/sign-up')
        .set(headers)
        .type('form')
        .send({ _action: 'sign-up', [EMAIL_FIELD]: newEmail(), [PASSWORD_FIELD]: PASSWORD }),
  ],
];

interface Deployment {
  deployment: string;
  env: Record<string, string>;
  headers: Record<string, string>;
  https: boolean;
}

// One rule for both: our origin is HTTPS (PUBLIC_ORIGIN's scheme when set, else the request's, which reads
// X-Forwarded-Proto only behind a trusted proxy).
const deployments: Deployment[] = [
  { deployment: 'plain HTTP', env: {}, headers: {}, https: false },
  {
    deployment: 'an untrusted X-Forwarded-Proto: https',
    env: {},
    headers: { 'X-Forwarded-Proto': 'https' },
    https: false,
  },
  {
    deployment: 'a trusted X-Forwarded-Proto: https (TRUST_PROXY)',
    env: { TRUST_PROXY: '1' },
    headers: { 'X-Forwarded-Proto': 'https' },
    https: true,
  },
  {
    deployment: 'PUBLIC_ORIGIN https, no TRUST_PROXY and no X-Forwarded-Proto',
    env: { PUBLIC_ORIGIN: 'https://shop.example' },
    headers: {},
    https: true,
  },
  {
    deployment: 'PUBLIC_ORIGIN http, whatever a trusted proxy says',
    env: { PUBLIC_ORIGIN: 'http://shop.example', TRUST_PROXY: '1' },
    headers: { 'X-Forwarded-Proto': 'https' },
    https: false,
  },
];

describe.each(deployments)('on $deployment', ({ env, headers, https }) => {
  const app = createStorefrontApp(env);

  it.each(cookieSetters)(`sets the %s cookie ${https ? 'Secure' : 'without Secure'}`, async (name, send) => {
    const response = await send(app, headers);
    expect(response.status).toBe(303);
    const cookie = setCookieNamed(response, name);
    expect(cookie).toMatch(/HttpOnly/);
    if (https) expect(cookie).toMatch(/; Secure(;|$)/);
    else expect(cookie).not.toMatch(/Secure/);
  });

  it(`${https ? 'sends' : 'does not send'} HSTS, on pages and on the runtime's own answers`, async () => {
    for (const path of ['/', '/healthz', '/no-such-page']) {
      const response = await request(app).get(path).set(headers);
      expect(response.headers['strict-transport-security']).toBe(https ? HSTS : undefined);
    }
  });
});

describe('a shared (public) page over HTTPS', () => {
  it('carries HSTS and still sets no cookie', async () => {
    const app = createStorefrontApp({ PUBLIC_ORIGIN: 'https://shop.example' });
    const response = await request(app).get('/shop');
    expect(response.headers['cache-control']).toMatch(/public/);
    expect(response.headers['strict-transport-security']).toBe(HSTS);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

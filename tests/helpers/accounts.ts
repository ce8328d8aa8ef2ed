import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import { EMAIL_FIELD, PASSWORD_FIELD } from '../../apps/storefront/account-fields.ts';
import type { TestApp } from '../../server/test-kit.ts';

/** A password every test account has unless told otherwise: 28 characters. */
export const PASSWORD = 'correct horse battery staple';

/** An email no other test has used. */
export const newEmail = (who = 'shopper') => `${who}-${randomUUID()}@example.com`;
/** A client address of its own, sent as X-Forwarded-For (the apps trust one proxy), so throttles do not meet. */
export const newClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A browser's cookies: Set-Cookie headers update it, an empty value with Max-Age=0 removes one. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  update(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = ''] = header.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /max-age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Visit {
  jar?: CookieJar;
  headers?: Record<string, string>;
}

/** The Set-Cookie headers of a response. */
export const setCookiesOf = (response: request.Response): string[] =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []);

async function send(call: request.Test, { jar, headers = {} }: Visit): Promise<request.Response> {
  if (jar?.cookies.size) call.set('Cookie', jar.header());
  for (const [name, value] of Object.entries(headers)) call.set(name, value);
  const response = await call;
  jar?.update(setCookiesOf(response));
  return response;
}

/** GETs a page as a browser with the jar's cookies (updated by the answer). */
export function visit(app: TestApp, path: string, options: Visit = {}): Promise<request.Response> {
  return send(request(app.server).get(path), options);
}

/** Posts a form natively (no JavaScript) from the app's own origin. */
export function postForm(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  options: Visit = {},
): Promise<request.Response> {
  const call = request(app.server)
    .post(path)
    .type('form')
    .set('Origin', 'http://127.0.0.1')
    .set('Host', '127.0.0.1')
    .send(fields);
  return send(call, options);
}

type Credentials = { email: string; password?: string };

/** Posts the sign-up or sign-in form to its page (or the path given, e.g. `/fr/sign-in?next=…`). */
function postCredentials(
  app: TestApp,
  action: 'sign-up' | 'sign-in',
  { email, password = PASSWORD }: Credentials,
  options: Visit & { path?: string },
) {
  const fields = { _action: action, [EMAIL_FIELD]: email, [PASSWORD_FIELD]: password };
  return postForm(app, options.path ?? `/${action}`, fields, options);
}

/**
 * Posts the sign-up form, from a client address of its own unless `headers` names one: sign-ups are throttled
 * per address, and only an app with TRUST_PROXY reads the address from X-Forwarded-For.
 */
export const signUp = (app: TestApp, credentials: Credentials, options: Visit & { path?: string } = {}) =>
  postCredentials(app, 'sign-up', credentials, {
    ...options,
    headers: { 'X-Forwarded-For': newClientAddress(), ...options.headers },
  });

export const signIn = (app: TestApp, credentials: Credentials, options: Visit & { path?: string } = {}) =>
  postCredentials(app, 'sign-in', credentials, options);

/** A new account, signed in in a jar of its own: the jar and the email. */
export async function signedUpVisitor(app: TestApp, options: Visit = {}) {
  const jar = options.jar ?? new CookieJar();
  const email = newEmail();
  const response = await signUp(app, { email }, { ...options, jar });
  if (response.status !== 303)
    throw new Error(`sign-up answered ${response.status}: ${response.text.slice(0, 300)}`);
  return { jar, email };
}

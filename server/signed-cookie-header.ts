import { createHmac } from 'node:crypto';

/** A cookie name as RFC 6265 section 4.1.1 allows it (an HTTP token). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A `Cookie` header value carrying each cookie signed with `secret`, as a handler's `setCookie(name, value,
 * { signed: true })` sets it and cookie-parser reads it into `signedCookies`: `s:` + the signed value,
 * percent-encoded. For tests that send a cookie they made themselves (a session row they created).
 */
export function signedCookieHeader(cookies: Readonly<Record<string, string>>, secret: string): string {
  return Object.entries(cookies)
    .map(([name, value]) => {
      if (!COOKIE_NAME.test(name)) {
        throw new TypeError(
          `Cookie name ${JSON.stringify(name)} is not an HTTP token (RFC 6265 section 4.1.1)`,
        );
      }
      return `${name}=${encodeURIComponent(`s:${signCookieValue(value, secret)}`)}`;
    })
    .join('; ');
}

/**
 * cookie-signature's `sign`, which Express and cookie-parser use: the value, a dot, and its HMAC-SHA256 in
 * base64 without padding. Written out rather than imported: cookie-signature is theirs, not a dependency of
 * ours, and tests/integration/middleware.test.ts checks that the app reads what this signs (and not a forgery).
 */
function signCookieValue(value: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
  return `${value}.${signature}`;
}

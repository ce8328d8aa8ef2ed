// Our origin: originOf (absolute URLs we write) and the action Origin check, over Express's protocol and host.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { createOriginOf, requestOrigin, requestUrl } from '../../server/request/origin-of.ts';
import { isAllowedOrigin } from '../../server/resolve/check-origin.ts';

/** What these functions read of a request: Express's `protocol` and `host` (proxy headers already applied). */
function fakeRequest(
  host: string | undefined,
  { protocol = 'http', originalUrl = '/', headers = {} }: Partial<Request> = {},
): Request {
  return { host, protocol, originalUrl, headers } as Request;
}

describe('requestOrigin', () => {
  it.each([
    ['http', 'shop.example', 'http://shop.example'],
    ['http', 'shop.example:80', 'http://shop.example'],
    ['https', 'shop.example:443', 'https://shop.example'],
    ['https', 'shop.example:80', 'https://shop.example:80'],
    ['http', 'SHOP.Example', 'http://shop.example'],
    ['HTTPS', 'shop.example', 'https://shop.example'],
    ['http', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http', '[::1]:3000', 'http://[::1]:3000'],
  ])('makes %s + Host %s the origin %s', (protocol, host, origin) => {
    expect(requestOrigin(fakeRequest(host, { protocol }))).toBe(origin);
  });

  it.each([
    ['http', undefined, 'no Host'],
    ['http', '', 'an empty Host'],
    ['http', 'localhost:abc', 'a malformed port'],
    ['http', 'shop.example:99999', 'a port out of range'],
    ['http', 'shop example', 'a space'],
    ['http', 'evil.example/shop.example', 'a path'],
    ['http', 'evil.example\\x', 'a backslash'],
    ['http', 'evil.example?x', 'a query'],
    ['http', 'evil.example#x', 'a fragment'],
    ['http', 'shop.example@evil.example', 'a user name'],
    ['javascript', 'shop.example', 'a forwarded scheme that is not http(s)'],
    ['http://evil.example/#', 'shop.example', 'a forwarded scheme with an authority in it'],
  ])('gives undefined for %s + Host %j (%s), never throws', (protocol, host, _reason) => {
    expect(requestOrigin(fakeRequest(host, { protocol }))).toBeUndefined();
  });
});

describe('createOriginOf', () => {
  it('answers PUBLIC_ORIGIN whatever the request says', () => {
    const originOf = createOriginOf('https://shop.example.com');
    expect(originOf(fakeRequest('forged.example', { protocol: 'http' }))).toBe('https://shop.example.com');
    expect(originOf(fakeRequest('localhost:abc'))).toBe('https://shop.example.com');
  });

  it('answers the request’s origin without it, and http://localhost when the Host makes none', () => {
    const originOf = createOriginOf(undefined);
    expect(originOf(fakeRequest('Shop.Example:443', { protocol: 'https' }))).toBe('https://shop.example');
    expect(originOf(fakeRequest('localhost:abc'))).toBe('http://localhost');
    expect(originOf(fakeRequest(undefined))).toBe('http://localhost');
  });
});

describe('requestUrl', () => {
  it.each([
    ['/shop?sort=price', 'https://shop.example/shop?sort=price'],
    ['//evil.example/x', 'https://shop.example//evil.example/x'],
    ['/\\evil.example', 'https://shop.example//evil.example'],
    ['*', 'https://shop.example/'],
    ['http://evil.example/x', 'https://shop.example/'],
  ])('puts the target %j on our origin: %s', (originalUrl, href) => {
    expect(requestUrl(fakeRequest('ignored', { originalUrl }), 'https://shop.example').href).toBe(href);
  });
});

describe('isAllowedOrigin', () => {
  const policy = { allowedOrigins: ['*.partner.example'], publicOrigin: 'https://shop.example.com' };
  const allowed = (protocol: string, host: string | undefined, origin: string) =>
    isAllowedOrigin(fakeRequest(host, { protocol, headers: { origin } }), policy);

  it.each([
    ['http', 'shop.example:80', 'http://shop.example', 'the default port in Host'],
    ['http', 'SHOP.example', 'http://shop.example', 'a capitalised Host'],
    ['https', 'shop.example:443', 'https://shop.example', 'TLS ended at a trusted proxy'],
    ['http', 'internal:3000', 'https://shop.example.com', 'PUBLIC_ORIGIN'],
    ['http', 'internal:3000', 'HTTPS://Shop.Example.com:443', 'PUBLIC_ORIGIN, written otherwise'],
    ['http', 'internal:3000', 'https://a.partner.example', 'an ALLOWED_ORIGINS pattern'],
  ])('accepts %s + Host %s with Origin %s (%s)', (protocol, host, origin, _reason) => {
    expect(allowed(protocol, host, origin)).toBe(true);
  });

  it.each([
    ['http', 'shop.example', 'https://shop.example', 'our host on another scheme'],
    ['http', 'shop.example', 'http://shop.example:8080', 'our host on another port'],
    ['http', 'shop.example', 'http://shop.example.com', 'PUBLIC_ORIGIN’s host on another scheme'],
    ['http', 'shop.example', 'https://evil.example', 'a foreign origin'],
    ['http', 'localhost:abc', 'http://localhost', 'a malformed Host'],
    ['http', 'localhost:abc', 'https://shop.example.com', 'a malformed Host, even with PUBLIC_ORIGIN'],
    ['http', undefined, 'http://localhost', 'no Host'],
    ['http', 'shop.example@evil.example', 'http://evil.example', 'a Host with a user name'],
    ['http', 'shop.example', 'null', 'Origin: null'],
  ])('refuses %s + Host %j with Origin %s (%s), never throws', (protocol, host, origin, _reason) => {
    expect(allowed(protocol, host, origin)).toBe(false);
  });
});

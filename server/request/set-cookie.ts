import type { CookieOptions, Request, Response } from 'express';
import { createIsHttps } from './origin-of.ts';

/** Sets a cookie on a response; what data steps, actions and middleware get as `context.setCookie`. */
export type SetCookie = (name: string, value: string, options: CookieOptions) => void;

/** The `setCookie` of one request and its response. */
export type CookieSetterOf = (request: Request, response: Response) => SetCookie;

/**
 * Builds, once per app, the `setCookie` of every cookie the runtime and its apps set: scoped to BASE_PATH,
 * and `Secure` when our origin is HTTPS (createIsHttps: PUBLIC_ORIGIN, else the request through a trusted
 * proxy), unless the caller says otherwise.
 */
export function createCookieSetterOf(basePath: string, publicOrigin: string | undefined): CookieSetterOf {
  const path = basePath || '/';
  const isHttps = createIsHttps(publicOrigin);
  return function cookieSetterOf(request, response) {
    return function setCookie(name, value, options) {
      response.cookie(name, value, { path, secure: isHttps(request), ...options });
    };
  };
}

/** Drops the `Set-Cookie` headers the response has for `name` so far: the one set next replaces them. */
export function dropSetCookie(response: Response, name: string): void {
  const headers = response.getHeader('Set-Cookie');
  if (headers === undefined) return;
  const kept = ([] as string[]).concat(headers as string | string[]).filter((h) => !h.startsWith(`${name}=`));
  if (kept.length > 0) response.setHeader('Set-Cookie', kept);
  else response.removeHeader('Set-Cookie');
}

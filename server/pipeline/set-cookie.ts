import type { CookieOptions, Request, Response } from 'express';

/**
 * The `setCookie` that data steps and actions get: the app's cookies are scoped to BASE_PATH and marked
 * `Secure` when the request came over HTTPS (directly, or through a trusted proxy), unless the caller says
 * otherwise.
 */
export function createCookieSetter(request: Request, response: Response, basePath: string) {
  return function setCookie(name: string, value: string, options: CookieOptions): void {
    response.cookie(name, value, { path: basePath || '/', secure: request.secure, ...options });
  };
}

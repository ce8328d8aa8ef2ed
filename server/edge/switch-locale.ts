import type { Request, Response } from 'express';
import { buildHref } from '../../shared/routing/href.ts';
import { LOCALE_COOKIE, type Locales } from '../../shared/routing/locale.ts';
import { isAppPath } from '../../shared/routing/safe-redirect.ts';
import type { CookieSetterOf } from '../request/set-cookie.ts';

const LOCALE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * `GET {base}/_locale/{locale}?next={app path}`: the locale switcher's target. It remembers the choice in
 * the `locale` cookie (which then wins over Accept-Language on the root) and redirects to `next` in that
 * locale. `next` must be an app path: `//evil.com`, `/\evil.com` and `javascript:` fall back to the home page.
 * A locale the app does not declare is a 404.
 */
export function switchLocale(basePath: string, locales: Locales, cookieSetterOf: CookieSetterOf) {
  return function switchLocaleHandler(request: Request, response: Response, locale: string): void {
    if (!locales.isLocale(locale)) {
      response.status(404).type('text/plain').send('Not Found');
      return;
    }
    const next =
      typeof request.query.next === 'string' && isAppPath(request.query.next) ? request.query.next : '/';
    cookieSetterOf(request, response)(LOCALE_COOKIE, locale, {
      maxAge: LOCALE_COOKIE_MAX_AGE_MS,
      sameSite: 'lax',
      httpOnly: true,
    });
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(303, buildHref(basePath, locales.prefixOf(locale), next));
  };
}

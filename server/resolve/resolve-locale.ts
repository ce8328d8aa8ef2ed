import type { Request, Response } from 'express';
import { buildHref } from '../../shared/routing/href.ts';
import { LOCALE_COOKIE, type Locale, type Locales, stripBasePath } from '../../shared/routing/locale.ts';
import { hasValidPercentEncoding, splitQuery } from '../request/normalize-url.ts';
import { type PageRequest, setPageRequest } from '../request/page-request.ts';

export interface ResolveLocaleOptions {
  basePath: string;
  /** The app's locales (createLocales). */
  locales: Locales;
  /** Answers a request outside the base path or with broken encoding with an error page. */
  renderError: (request: Request, response: Response, status: number) => void;
}

/**
 * Strips the base path (segment-exact: `/storefoo` is outside `/store`) and the locale prefix, and on the
 * bare root of an app with several locales sends a visitor to their locale: the `locale` cookie if they chose
 * one, else Accept-Language. A locale spelled otherwise than its prefix (`/en/…` when English has none, no
 * prefix when the default has one) redirects to its own URL. Returns the page request, or undefined when it
 * answered.
 */
export function resolveLocale({ basePath, locales, renderError }: ResolveLocaleOptions) {
  const negotiates = locales.list.length > 1;
  // The default first: Accept-Language `*`, or none, picks the first locale the negotiation is offered.
  const offered = [locales.default, ...locales.list.filter((locale) => locale !== locales.default)];
  return function resolveLocaleStep(request: Request, response: Response): PageRequest | undefined {
    const [rawPath = '/', query] = splitQuery(request.url);
    const search = query === undefined ? '' : `?${query}`;
    const appPath = stripBasePath(rawPath, basePath);
    if (appPath === null) return void renderError(request, response, 404);
    if (!hasValidPercentEncoding(appPath)) return void renderError(request, response, 400);

    if (appPath === '/' && negotiates) {
      response.vary('Accept-Language').vary('Cookie');
      const prefix = locales.prefixOf(preferredLocale(request, locales, offered));
      if (prefix !== '') return void response.redirect(307, `${buildHref(basePath, prefix, '/')}${search}`);
    }
    const target = locales.splitPrefix(appPath);
    if (target.type === 'redirect') {
      const location = buildHref(basePath, locales.prefixOf(target.locale), target.path);
      return void response.redirect(308, `${location}${search}`);
    }
    const pageRequest: PageRequest = { locale: target.locale, appPath: target.path, search };
    setPageRequest(response, pageRequest);
    return pageRequest;
  };
}

/** The visitor's explicit choice (cookie) wins; otherwise Express's Accept-Language negotiation (q-values, `fr-CA` → fr). */
function preferredLocale(request: Request, locales: Locales, offered: readonly Locale[]): Locale {
  const chosen: unknown = request.cookies?.[LOCALE_COOKIE];
  if (typeof chosen === 'string' && locales.isLocale(chosen)) return chosen;
  const negotiated = request.acceptsLanguages(...offered);
  return negotiated && locales.isLocale(negotiated) ? negotiated : locales.default;
}

import type { Request, Response } from 'express';
import { buildHref } from '../../shared/routing/href.ts';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  type Locale,
  splitLocalePrefix,
  stripBasePath,
} from '../../shared/routing/locale.ts';
import { hasValidPercentEncoding, splitQuery } from './normalize-url.ts';
import { type PageRequest, setPageRequest } from './page-request.ts';

export interface ResolveLocaleOptions {
  basePath: string;
  /** Answers a request outside the base path or with broken encoding with an error page. */
  renderError: (request: Request, response: Response, status: number) => void;
}

/**
 * Strips the base path (segment-exact: `/storefoo` is outside `/store`) and the locale prefix, redirects
 * `/en/…` to the unprefixed URL, and on the bare root sends a visitor to their locale: the `locale`
 * cookie if they chose one, else Accept-Language. Returns the page request, or undefined when it answered.
 */
export function resolveLocale({ basePath, renderError }: ResolveLocaleOptions) {
  return function resolveLocaleStep(request: Request, response: Response): PageRequest | undefined {
    const [rawPath = '/', query] = splitQuery(request.url);
    const search = query === undefined ? '' : `?${query}`;
    const appPath = stripBasePath(rawPath, basePath);
    if (appPath === null) return void renderError(request, response, 404);
    if (!hasValidPercentEncoding(appPath)) return void renderError(request, response, 400);

    const target = splitLocalePrefix(appPath);
    if (target.type === 'default-spelled-out') {
      return void response.redirect(308, `${buildHref(basePath, DEFAULT_LOCALE, target.path)}${search}`);
    }
    if (appPath === '/') {
      response.vary('Accept-Language').vary('Cookie');
      const preferred = preferredLocale(request);
      if (preferred !== DEFAULT_LOCALE)
        return void response.redirect(307, `${buildHref(basePath, preferred, '/')}${search}`);
    }
    const pageRequest: PageRequest = { locale: target.locale, appPath: target.path, search };
    setPageRequest(response, pageRequest);
    return pageRequest;
  };
}

/** The visitor's explicit choice (cookie) wins; otherwise Express's Accept-Language negotiation (q-values, `fr-CA` → fr). */
function preferredLocale(request: Request): Locale {
  const chosen: unknown = request.cookies?.[LOCALE_COOKIE];
  if (typeof chosen === 'string' && isLocale(chosen)) return chosen;
  const negotiated = request.acceptsLanguages(...LOCALES);
  return negotiated && isLocale(negotiated) ? negotiated : DEFAULT_LOCALE;
}

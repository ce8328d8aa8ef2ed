import { createContext, useContext } from 'react';
import type { Href, UrlBase } from '../routing/href.ts';
import type { Locale, Locales } from '../routing/locale.ts';
import type { RouteParams } from '../routing/route-table.ts';
import type { ActionResultState } from './ssr-payload.ts';

/** What every component may know about the current location (and `urlOf` needs: base path and locales). */
export interface RouterState extends UrlBase {
  basePath: string;
  /** The app's locales (its list, and each one's URL prefix) and the page's. */
  locales: Locales;
  locale: Locale;
  buildId: string;
  /** App path (no base path, no locale prefix) and search of the current page. */
  pathname: string;
  search: string;
  routeId: string | null;
  params: RouteParams;
  /** The invalid-input answer of a form post on this page, when the page shows one (status 422). */
  actionResult?: ActionResultState;
}

export const RouterContext = createContext<RouterState | null>(null);

/**
 * The current router state: the page's app path and search, its route id and params, its locale and the
 * app's locales, the base path and the build id, and the invalid-input answer it shows, if any. The same on
 * the server and in the browser. Outside the app root it throws in dev mode (and in tests run without
 * NODE_ENV=production); a production build leaves the check out.
 *
 * @example
 * const { pathname, locale, basePath } = useRouter();
 */
export function useRouter(): RouterState {
  const state = useContext(RouterContext);
  // Outside the app root is a bug dev mode shows; production leaves the check out of the browser's bytes.
  if (process.env.NODE_ENV !== 'production' && !state)
    throw new Error('useRouter() must be used inside <AppRoot>');
  return state as RouterState;
}

/**
 * Returns a test of whether `to` (from `href()`) is the page on screen, search aside: for
 * `aria-current="page"`.
 *
 * @example
 * const isCurrent = useIsCurrentPage();
 * <Link to={href('cart')} aria-current={isCurrent(href('cart')) ? 'page' : undefined}>Cart</Link>
 */
export function useIsCurrentPage(): (to: Href) => boolean {
  const { pathname } = useRouter();
  return (to) => to.split(/[?#]/, 1)[0] === pathname;
}

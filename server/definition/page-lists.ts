import type { Locale } from '../../shared/routing/locale.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';

/** What a route's page lister is given: the app's started services and the locale being listed. */
export interface ListPagesContext<Services = unknown> {
  services: Services;
  locale: Locale;
}

/**
 * The params of a route's pages in one locale (every help article's slug; `[{}]` for a route without
 * params), read from the app's data or code.
 */
export type ListPages<Services = unknown> = (
  context: ListPagesContext<Services>,
) => readonly RouteParams[] | Promise<readonly RouteParams[]>;

/**
 * Routes whose pages the build writes as files, by route id (docs/prerendering.md): every page the lister
 * names, in every locale. Each segment of such a route needs a public cache policy with a `version`, by
 * which a file is known to be current.
 */
export type PrerenderedRoutes<Services = unknown> = Readonly<Record<string, ListPages<Services>>>;

/**
 * Sample pages that a new instance renders before it says it is ready (docs/production.md), by route id:
 * routes with params that are not prerendered (the first product). Routes without params need none.
 */
export type WarmUpSamples<Services = unknown> = Readonly<Record<string, ListPages<Services>>>;

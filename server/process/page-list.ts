import { buildHref, fillPattern } from '../../shared/routing/href.ts';
import type { Locale, Locales } from '../../shared/routing/locale.ts';
import { dataHref } from '../../shared/routing/reserved-paths.ts';
import { routeLeaves } from '../../shared/routing/route-leaves.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';
import type { ListPages } from '../definition/page-lists.ts';

/** One page of the app, in one locale. */
export interface ListedPage {
  routeId: string;
  locale: Locale;
  /** The path the route table matches (no base path, no locale prefix). */
  appPath: string;
  /** Its document's URL (base path and locale prefix included). */
  url: string;
  /** Its data answer's URL, for a client navigation of this build. */
  dataUrl: string;
}

export interface PageListOptions {
  root: RouteNode;
  locales: Locales;
  basePath: string;
  buildId: string;
  /** Page listers by route id; a route with params and no lister is left out, one without gets its page. */
  listers: Readonly<Record<string, ListPages>>;
  /** At most this many pages per route and locale (the first ones the lister names); all by default. */
  perRoute?: number;
  /** Only these routes; every page route by default. */
  routeIds?: ReadonlySet<string>;
  services: unknown;
}

/** Every page the listers name (and each route's without params), in every locale, in route tree order. */
export async function listPages(options: PageListOptions): Promise<ListedPage[]> {
  const { root, locales, basePath, buildId, listers, routeIds } = options;
  const pages: ListedPage[] = [];
  for (const { branch, path } of routeLeaves([root])) {
    const leaf = branch.at(-1) as RouteNode;
    if (leaf.resource || (routeIds && !routeIds.has(leaf.id))) continue;
    const lister = Object.hasOwn(listers, leaf.id) ? listers[leaf.id] : undefined;
    if (!lister && hasRequiredParams(path)) continue;
    for (const locale of locales.list) {
      const listed = lister ? await lister({ services: options.services, locale }) : [{}];
      const paramsList = listed.slice(0, options.perRoute ?? listed.length);
      const prefix = locales.prefixOf(locale);
      for (const params of paramsList) {
        const appPath = fillPattern(path, params);
        pages.push({
          routeId: leaf.id,
          locale,
          appPath,
          url: buildHref(basePath, prefix, appPath),
          dataUrl: dataHref(basePath, buildId, prefix, appPath),
        });
      }
    }
  }
  return pages;
}

function hasRequiredParams(pattern: string): boolean {
  try {
    fillPattern(pattern, {});
    return false;
  } catch {
    return true;
  }
}

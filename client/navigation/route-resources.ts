import { buildDataHref } from '../../shared/routing/href.ts';
import { type Locale, splitLocalePrefix } from '../../shared/routing/locale.ts';
import type { RouteMatcher } from '../../shared/routing/route-matcher.ts';
import type { PageModule } from '../../shared/routing/route-table.ts';
import { fetchPageData, type PageAnswer, PageLoadError } from './fetch-page-data.ts';
import { stripBasePath } from './should-intercept-click.ts';

/** A page ready to show: its answer plus the loaded component for a route. */
export type LoadedPage =
  | (Extract<PageAnswer, { type: 'page' }> & { Page: PageModule['default'] })
  | Exclude<PageAnswer, { type: 'page' | 'invalid' }>;

interface Resource {
  /** The matched route's pattern (`/products/:id`), for monitoring; undefined without a match. */
  pattern: string | undefined;
  code: Promise<PageModule | null>;
  data?: Promise<PageAnswer>;
}

export interface RouteResourcesOptions {
  routes: RouteMatcher;
  basePath: string;
  locale: Locale;
  buildId: string;
}

/**
 * Code and data per URL (path and search), shared by prefetches and navigations: one promise per URL.
 * Code comes from the route's lazy import (the hashed chunk the build made for it), data from the data
 * endpoint. Failed data is forgotten, so the next attempt asks again.
 */
export function createRouteResources({ routes, basePath, locale, buildId }: RouteResourcesOptions) {
  const resources = new Map<string, Resource>();

  function appUrlOf(url: URL): { pathname: string; search: string } {
    const inBase = stripBasePath(url.pathname, basePath) ?? '/';
    const prefix = splitLocalePrefix(inBase);
    return { pathname: prefix.type === 'prefixed' ? prefix.path : inBase, search: url.search };
  }

  function resourceOf(key: string): Resource {
    let resource = resources.get(key);
    if (!resource) {
      const { pathname } = appUrlOf(new URL(key, 'http://x'));
      let match: ReturnType<RouteMatcher['match']> = null;
      try {
        match = routes.match(pathname);
      } catch {
        // Malformed encoding: the server answers 400 and no code is needed.
      }
      resource = { pattern: match?.route.path, code: match ? match.route.page() : Promise.resolve(null) };
      resource.code.catch(() => resources.delete(key));
      resources.set(key, resource);
    }
    return resource;
  }

  /** The data endpoint URL of a page URL (path and search). */
  function dataHrefOf(url: URL): string {
    const { pathname, search } = appUrlOf(url);
    return buildDataHref(basePath, buildId, locale, `${pathname}${search}`);
  }

  function fetchData(key: string, resource: Resource, signal?: AbortSignal): Promise<PageAnswer> {
    const data = fetchPageData(dataHrefOf(new URL(key, 'http://x')), signal ?? new AbortController().signal);
    resource.data = data;
    data.catch(() => {
      if (resource.data === data) resource.data = undefined;
    });
    return data;
  }

  async function toLoadedPage(resource: Resource, answer: PageAnswer): Promise<LoadedPage> {
    if (answer.type === 'invalid') throw new PageLoadError('A page load answered like a form post');
    if (answer.type !== 'page') return answer;
    // The server matched another route than the client did (e.g. a route unknown to this bundle).
    const module = (await resource.code) ?? (await routes.byId(answer.routeId)?.page());
    if (!module) throw new PageLoadError(`No code for route "${answer.routeId}"`);
    return { ...answer, Page: module.default };
  }

  return {
    appUrlOf,
    dataHrefOf,
    /** The route pattern a URL matches on the client. */
    patternOf: (key: string) => resourceOf(key).pattern,
    /** The route's code chunk for a URL (shared with prefetches). */
    codeOf: (key: string) => resourceOf(key).code,
    /** Loads code and data for `key` ahead of a click; resolves false (silently) when either fails. */
    prefetch(key: string): Promise<boolean> {
      const resource = resourceOf(key);
      const data = resource.data ?? fetchData(key, resource);
      return Promise.all([resource.code, data]).then(
        () => true,
        () => false,
      );
    },
    /** Code and data in parallel; `reuseData` takes a prefetched (or in-flight) answer as it is. */
    load(key: string, options: { reuseData: boolean; signal: AbortSignal }): Promise<LoadedPage> {
      const resource = resourceOf(key);
      const data = (options.reuseData && resource.data) || fetchData(key, resource, options.signal);
      const both = Promise.all([resource.code, data]).then(([, answer]) => toLoadedPage(resource, answer));
      return untilAborted(both, options.signal);
    },
    /** Forgets all data answers (after an action or refresh); code stays. */
    clearData() {
      for (const resource of resources.values()) resource.data = undefined;
    },
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

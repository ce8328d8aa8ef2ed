import type { Locale, Locales } from '../../shared/routing/locale.ts';
import { dataHref } from '../../shared/routing/reserved-paths.ts';
import type { RouteMatch, RouteMatcher } from '../../shared/routing/route-matcher.ts';
import type { RouteNode, SegmentModule } from '../../shared/routing/route-table.ts';
import type { Observe } from '../../shared/ui/client-instrumentation.ts';
import type { SegmentState } from '../../shared/ui/ssr-payload.ts';
import { fetchPageData, type PageAnswer, PageLoadError } from './fetch-page-data.ts';
import { idOfKey, keptKeys, type Revalidation, segmentKeys } from './kept-segments.ts';

/** A page ready to show: its answer plus the loaded module of each segment it shows. */
export type LoadedPage =
  | ((Extract<PageAnswer, { type: 'page' }> | Extract<PageAnswer, { type: 'error' }>) & {
      modules: SegmentModule[];
    })
  | Extract<PageAnswer, { type: 'redirect' }>;

interface Resource {
  /** The modules of the matched branch (none without a match). */
  code: Promise<SegmentModule[]>;
  /** The data endpoint URL of the page. */
  dataHref: string;
  /** The target's segment keys (see kept-segments.ts); none without a match. */
  keys: readonly string[];
}

export interface RouteResourcesOptions {
  routes: RouteMatcher;
  basePath: string;
  /** The app's locales, and the page's: a router stays in its page's locale. */
  locales: Locales;
  locale: Locale;
  buildId: string;
  /** The segment keys of the page on screen, root first (none to keep, e.g. on an error page). */
  keysOnScreen: () => readonly string[];
  /** Tells the route load observers. */
  observe: Observe;
}

/**
 * Code and data per URL (an href on our origin). Code comes from the route's lazy import (the hashed chunk
 * the build made for it), one promise per URL shared by prefetches and navigations. Data comes from the data
 * endpoint: each prefetch's answer is kept for the navigation that may take it, and each navigation not
 * taking one asks with its own request. Which answers are kept, and which may be taken, is the router
 * model's to say (router-model.ts: it owns the prefetch entries); this module keeps no state of its own
 * about them.
 *
 * long function: its methods share the per-URL cache; each is short.
 */
export function createRouteResources({
  routes,
  basePath,
  locales,
  locale,
  buildId,
  keysOnScreen,
  observe,
}: RouteResourcesOptions) {
  const resources = new Map<string, Resource>();
  /** Prefetched answers by href: stored by `prefetch`, dropped by `forgetAnswers` (the model's word). */
  const answers = new Map<string, Promise<PageAnswer>>();

  /** The app path (no base path, no locale prefix) and search of a URL the router handles. */
  function appUrlOf(url: URL): { pathname: string; search: string } {
    return {
      pathname: locales.parseAppPath(url.pathname, basePath)?.path ?? '/',
      search: url.search,
    };
  }

  /** The route a URL matches; none for malformed encoding (the server answers 400, no code is needed). */
  function matchOf(url: URL): RouteMatch | null {
    try {
      return routes.match(appUrlOf(url).pathname);
    } catch {
      return null;
    }
  }

  /** The route pattern a URL matches (`/products/:id`), for observers. */
  function patternOf(url: URL): string | undefined {
    const match = matchOf(url);
    return match ? routes.pathOf(match.route.id) : undefined;
  }

  function resourceOf(href: string): Resource {
    let resource = resources.get(href);
    if (!resource) {
      const url = new URL(href, 'http://x');
      const match = matchOf(url);
      resource = {
        code: loadModules(match?.branch.map(({ node }) => node) ?? []),
        dataHref: dataHrefOf(url),
        keys: match ? segmentKeys(match.branch, match.params, url.search) : [],
      };
      resource.code.catch(() => resources.delete(href));
      resources.set(href, resource);
    }
    return resource;
  }

  /** The data endpoint URL of a page URL. */
  function dataHrefOf(url: URL): string {
    const { pathname, search } = appUrlOf(url);
    return dataHref(basePath, buildId, locales.prefixOf(locale), `${pathname}${search}`);
  }

  /** Asks for the page's data, leaving out the segments of the page on screen it may keep. */
  function fetchAnswer(resource: Resource, { revalidate, ...options }: FetchOptions = {}) {
    const keep = keptKeys(resource.keys, keysOnScreen(), revalidate, routes).map(idOfKey);
    return fetchPageData(resource.dataHref, { ...options, keep });
  }
  return {
    appUrlOf,
    patternOf,
    /** Whether a URL's route is a resource route (no page: links to it load in full). */
    isResource: (url: URL) => matchOf(url)?.route.resource === true,
    dataHrefOf,
    /** The code chunk of a URL's route (shared with prefetches), its data URL and its segment keys. */
    resourceOf,
    /**
     * Loads code and data for `href` ahead of a click, always with a new data request (the model asks only
     * when one is due), and keeps the answer: `onAnswered` once both have arrived, then resolves when the data
     * answer's body has ended, streamed tail included (a prefetch holds its connection until then); false
     * (silently) when either failed.
     */
    prefetch(href: string, onAnswered: () => void): Promise<boolean> {
      const resource = resourceOf(href);
      // The executor runs at once: `answer` is set when `ended` is.
      let answer!: Promise<PageAnswer>;
      const ended = new Promise<void>((onBodyEnd) => {
        answer = fetchAnswer(resource, { onBodyEnd });
      });
      answers.set(href, answer);
      return Promise.all([resource.code, answer]).then(
        () => {
          onAnswered();
          return ended.then(() => true);
        },
        () => false,
      );
    },
    /**
     * Code and data in parallel; `reuseData` takes a prefetched answer as it is, unless the segments it left
     * out are no longer on screen. `revalidate` says which segments changed on the server (see Revalidation).
     * The signal aborts the data request this call makes, not one it reuses; `onBodyEnd` as fetchPageData's.
     */
    load(href: string, options: LoadOptions): Promise<LoadedPage> {
      const resource = resourceOf(href);
      const loading = loadPage(resource, href, options);
      observe(
        'routeLoad',
        href,
        loading.catch(() => ({ type: 'failed' }) as const),
        { code: resource.code },
      );
      return loading;
    },
    /** Drops the prefetched answers of these hrefs (the model's `forget-answers`); code stays. */
    forgetAnswers(hrefs: readonly string[]) {
      for (const href of hrefs) answers.delete(href);
    },
  };

  async function loadPage(resource: Resource, href: string, options: LoadOptions): Promise<LoadedPage> {
    const reused = options.reuseData && !options.revalidate ? answers.get(href) : undefined;
    let [, answer] = await Promise.all([resource.code, reused ?? fetchAnswer(resource, options)]);
    // A prefetched answer left out segments the page on screen no longer shows: ask again.
    const onScreen = keysOnScreen();
    if (answer.type === 'page' && answer.segments.some((s, i) => !s && onScreen[i] !== resource.keys[i])) {
      answer = await fetchAnswer(resource, options);
    }
    if (answer.type === 'invalid') throw new PageLoadError();
    if (answer.type === 'redirect') return answer;
    // The server's segments decide the page (the client's own match only started their download early);
    // the module system hands out an imported chunk again without a request.
    return { ...answer, modules: await modulesOf(routes, answer.segments ?? []) };
  }
}

type LoadOptions = { reuseData: boolean; revalidate?: Revalidation | undefined } & FetchOptions;

interface FetchOptions {
  signal?: AbortSignal;
  revalidate?: Revalidation | undefined;
  onBodyEnd?: () => void;
}

/**
 * The modules of the segments a page shows, by their ids (the server names only segments of its tree, which
 * is the browser's); a kept segment's (`null`) module is on screen already.
 */
export function modulesOf(
  routes: RouteMatcher,
  segments: readonly (SegmentState | null)[],
): Promise<SegmentModule[]> {
  return loadModules(segments.map((segment) => (segment ? routes.byId(segment.id)! : {})));
}

/** Loads the modules of route nodes (a node without one renders only its outlet). */
export function loadModules(nodes: readonly Pick<RouteNode, 'module'>[]): Promise<SegmentModule[]> {
  return Promise.all(nodes.map((node) => node.module?.() ?? {}));
}

export type RouteResources = ReturnType<typeof createRouteResources>;

/** The href the router keys a URL by: path, search and hash (same origin). */
export function hrefOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

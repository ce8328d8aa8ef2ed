import type { MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import type { RouteMatcher } from '../../shared/routing/route-matcher.ts';
import type { SegmentModule } from '../../shared/routing/route-table.ts';
import { isSafeRedirectTarget } from '../../shared/routing/safe-redirect.ts';
import type { LinkNavigator, SubmitOutcome } from '../../shared/ui/navigation-context.ts';
import type { PendingSegment } from '../../shared/ui/segment-tree.tsx';
import type { ActionResultState, SsrPayload } from '../../shared/ui/ssr-payload.ts';
import { canPrefetch, focusPage, hasFocus, scrollToHashOrTop } from './dom-effects.ts';
import { BuildChangedError, fetchPageData } from './fetch-page-data.ts';
import { hasFallenBack, rememberFullLoad } from './full-load-guard.ts';
import { createHistoryEntries, routerKeyOf } from './history-entries.ts';
import { segmentKeys, sharedPrefix } from './kept-segments.ts';
import type { NavigationMonitor } from './navigation-monitor.ts';
import { createRouteResources, type LoadedPage } from './route-resources.ts';
import {
  initialModel,
  type NavigationKind,
  type RouterEffect,
  type RouterMessage,
  update,
} from './router-model.ts';
import { isRouterUrl, shouldInterceptClick } from './should-intercept-click.ts';

/** A navigation whose code and data have not both arrived by then becomes a full page load. */
export const ROUTE_LOAD_TIMEOUT_MS = 3800;
/** Prefetch links this close to the viewport. */
export const PREFETCH_ROOT_MARGIN = '200px';
/** A navigation still waiting after this long shows its first changed segment's pending component. */
export const PENDING_COMPONENT_DELAY_MS = 150;
/** Internal redirects followed client-side before giving up to a full load. */
const MAX_CLIENT_REDIRECTS = 5;

/** A page as AppRoot renders it: the payload (with live data) and the module of each of its segments. */
export interface ShownPage {
  payload: SsrPayload;
  modules: SegmentModule[];
}

/** AppRoot's props: the page on screen, whether a navigation is pending, what to announce. */
export interface RouterSnapshot extends ShownPage {
  navigating: boolean;
  /** A navigation pending for a while, whose first changed segment has a pending component. */
  pending?: PendingSegment;
  announcement: string;
}

export interface RouterOptions {
  routes: RouteMatcher;
  initialPage: ShownPage;
  /** Told about every navigation (Sentry's navigation spans); none when monitoring is off. */
  monitor?: NavigationMonitor;
  /** Injected for tests; the browser's by default. */
  window?: Window;
  now?: () => number;
}

type ShowablePage = Exclude<LoadedPage, { type: 'redirect' }>;

/** What the adapter holds for a navigation from its `load` effect until it settles. */
interface Navigation {
  /** Aborted when a newer navigation supersedes this one, or the router stops. */
  controller: AbortController;
  /** The page to show, once loaded. */
  page?: ShowablePage;
  /** Back/forward: the history entry the browser moved to. */
  popKey?: string;
  /** A form post's invalid-input answer, shown with the page the `action` navigation commits. */
  actionResult?: ActionResultState;
}

/**
 * The DOM adapter around the pure router model: it turns clicks, popstate and prefetch triggers into
 * messages, and runs the model's effects (fetching, history, rendering, full loads). `start()`/`stop()`
 * attach and detach it.
 */
export function createRouter({
  routes,
  initialPage,
  monitor,
  window: win = window,
  now = Date.now,
}: RouterOptions) {
  const { basePath, locale, buildId } = initialPage.payload;
  const location = () => new URL(win.location.href);
  /** Resolves a link, form action or redirect target against the current page. */
  const resolve = (href: string) => new URL(href, win.location.href);
  const hrefOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`;
  const pageFacts = () => ({ location: location(), basePath, locale });
  const resources = createRouteResources({ routes, basePath, locale, buildId, keysOnScreen });
  // A resource route (sitemap.xml) answers without a document: the browser loads it itself.
  const isInterceptable = (url: URL) => isRouterUrl(url, pageFacts()) && !resources.isResource(url);
  const prefetchAllowed = canPrefetch(win, initialPage.payload);

  let model = initialModel(hrefOf(location()));
  let snapshot: RouterSnapshot = { ...initialPage, navigating: false, announcement: '' };
  let history: ReturnType<typeof createHistoryEntries> | null = null;
  let observer: IntersectionObserver | null = null;
  /** Aborted by `stop()`: removes the window listeners `start()` added. */
  let started: AbortController | null = null;
  const listeners = new Set<() => void>();
  const navigations = new Map<number, Navigation>();

  function setSnapshot(next: Partial<RouterSnapshot>) {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }

  /**
   * Feeds the model a message and runs its effects. Returns the newest navigation while it is on (after a
   * navigation message, the one it started).
   */
  function dispatch(message: RouterMessage): Navigation | undefined {
    const [next, effects] = update(model, message);
    model = next;
    const navigating = model.pending !== null;
    if (snapshot.navigating !== navigating) setSnapshot({ navigating, pending: undefined });
    for (const effect of effects) run(effect);
    return navigations.get(model.lastToken);
  }

  function run(effect: RouterEffect): void {
    switch (effect.type) {
      case 'start-prefetch':
        resources
          .prefetch(effect.url, () => dispatch({ type: 'prefetch-answered', url: effect.url }))
          .then((ok) => dispatch({ type: 'prefetch-settled', url: effect.url, ok, now: now() }));
        return;
      case 'load': {
        const { pattern, code } = resources.resourceOf(effect.url);
        monitor?.navigationStarted(effect.token, pattern, code);
        const navigation = { controller: new AbortController() };
        navigations.set(effect.token, navigation);
        // A refresh or an action changes server state: every segment's data is asked for again.
        const full = effect.kind === 'refresh' || effect.kind === 'action';
        void load(effect.token, navigation, effect.url, { reuseData: effect.reuseData, full });
        return;
      }
      case 'abort':
        monitor?.navigationEnded(effect.token, 'superseded');
        // Its load() forgets the navigation once it settles.
        navigations.get(effect.token)?.controller.abort();
        return;
      case 'commit':
        return commit(effect.token, effect.kind, effect.url);
      case 'full-load':
        monitor?.navigationEnded(effect.token, 'full-load');
        rememberFullLoad(win, effect.url);
        if (effect.replace) win.location.replace(effect.url);
        else win.location.assign(effect.url);
        return;
      case 'clear-data':
        resources.clearData();
        return;
    }
  }

  /** `url`: where to load in full instead of the navigation's own URL. */
  function fail(token: number, url?: string): void {
    dispatch({ type: 'navigation-failed', token, url });
  }

  async function load(
    token: number,
    navigation: Navigation,
    href: string,
    { reuseData, full }: { reuseData: boolean; full: boolean },
  ): Promise<void> {
    const { signal } = navigation.controller;
    const pendingTimer = full
      ? undefined
      : setTimeout(() => showPendingComponent(token, href), PENDING_COMPONENT_DELAY_MS);
    // The deadline applies once per URL: a URL that already fell back gets the time it needs. The model
    // ignores it once the navigation has committed or been superseded; a stopped router ignores it here.
    const deadline = hasFallenBack(win, href)
      ? undefined
      : setTimeout(() => {
          if (!signal.aborted) fail(token);
        }, ROUTE_LOAD_TIMEOUT_MS);
    try {
      let target = resolve(href);
      for (let redirects = 0; ; redirects += 1) {
        const page = await resources.load(hrefOf(target), {
          reuseData: reuseData && redirects === 0,
          full,
          signal,
        });
        if (signal.aborted) return;
        if (page.type !== 'redirect') {
          navigation.page = page;
          dispatch({ type: 'navigation-loaded', token, url: hrefOf(target), now: now() });
          return;
        }
        // Never follow a `javascript:` (or other non-http) target: the navigation's own URL loads in full.
        const next = isSafeRedirectTarget(page.location) ? resolve(page.location) : undefined;
        if (!next || redirects >= MAX_CLIENT_REDIRECTS || !isInterceptable(next))
          return fail(token, next?.href);
        target = next;
      }
    } catch {
      // An aborted navigation was superseded (the model moved on) or the router stopped.
      if (!signal.aborted) fail(token);
    } finally {
      clearTimeout(deadline);
      clearTimeout(pendingTimer);
      navigations.delete(token);
    }
  }

  /**
   * Shows the target's pending component in place of the first segment the navigation changes (the layouts
   * above stay interactive), once that segment's code is there and if it has one.
   */
  function showPendingComponent(token: number, href: string): void {
    const { code, keys } = resources.resourceOf(hrefOf(resolve(href)));
    const index = sharedPrefix(keysOnScreen(), keys);
    code.then(
      (modules) => {
        const Component = modules[index]?.PendingComponent;
        if (Component && model.pending?.token === token) setSnapshot({ pending: { index, Component } });
      },
      () => {},
    );
  }

  function commit(token: number, kind: NavigationKind, href: string): void {
    const navigation = navigations.get(token);
    if (!navigation?.page || !history) return;
    const { page, popKey, actionResult } = navigation;
    const target = resolve(href);
    const previous = location();
    let saved: [number, number] | undefined;
    if (kind === 'push' || (kind === 'action' && hrefOf(target) !== hrefOf(previous))) history.push(href);
    else if (kind === 'replace' || kind === 'action') history.replace(href);
    else if (popKey) saved = history.arrive(popKey);

    const shown = toShownPage(page, target, actionResult);
    flushSync(() =>
      setSnapshot({ ...shown, pending: undefined, announcement: shown.payload.page.head.title }),
    );

    // A refresh, or an action that stayed on its page (invalid input, or a redirect back to the same page),
    // keeps the reader where they were.
    const stayed =
      kind === 'refresh' ||
      (kind === 'action' && (actionResult !== undefined || target.pathname === previous.pathname));
    if (!stayed) {
      if (saved) win.scrollTo(...saved);
      else scrollToHashOrTop(win, target.hash);
      // Focus in a layout the navigation kept (a sidebar link, a search field) stays; focus that went with
      // the replaced segments moves to the page, as a full load would.
      if (kind !== 'pop' && !hasFocus(win)) focusPage(win);
    }
    monitor?.navigationEnded(token, 'committed');
  }

  function toShownPage(page: ShowablePage, target: URL, actionResult?: ActionResultState): ShownPage {
    const base = { ...initialPage.payload, url: resources.appUrlOf(target) };
    if (page.type === 'error') {
      const { status, head } = page;
      // Without the root layout's segment in the answer, the error shows inside the one on screen.
      const [segments, modules] = page.segments
        ? [page.segments, page.modules]
        : [snapshot.payload.page.segments.slice(0, 1), snapshot.modules.slice(0, 1)];
      return { payload: { ...base, page: { type: 'error', status, head, segments } }, modules };
    }
    // The segments the answer left out stay as they are on screen: their data, state and DOM.
    const { modules, status: _status, kept, segments, ...route } = page;
    const shown = snapshot.payload.page.segments.slice(0, kept);
    return {
      payload: {
        ...base,
        page: { ...route, segments: [...shown, ...segments], type: 'route', actionResult },
      },
      modules: [...snapshot.modules.slice(0, kept), ...modules],
    };
  }

  /** The segment keys of the page on screen that a navigation may keep: those shown with their data. */
  function keysOnScreen(): string[] {
    const { page, url } = snapshot.payload;
    const branch = page.type === 'route' ? routes.branchOf(page.routeId) : undefined;
    if (page.type !== 'route' || !branch) return [];
    const withData = page.segments.findIndex((segment) => !('data' in segment));
    return segmentKeys(branch, page.params, url.search).slice(0, withData === -1 ? undefined : withData);
  }

  function onPopState(event: PopStateEvent) {
    history?.rememberScroll();
    const key = routerKeyOf(event.state);
    const target = location();
    const current = resolve(model.currentUrl);
    if (target.pathname === current.pathname && target.search === current.search) {
      // Only the hash differs: the browser scrolls; keep our bookkeeping in step.
      if (key) history?.arrive(key);
      model = { ...model, currentUrl: hrefOf(target) };
      return;
    }
    if (!key) {
      // An entry this runtime did not create: let the browser load it.
      win.location.reload();
      return;
    }
    const navigation = dispatch({ type: 'pop', url: hrefOf(target), now: now() });
    if (navigation) navigation.popKey = key;
  }

  const navigator: LinkNavigator = {
    onLinkClick(event: MouseEvent<HTMLAnchorElement>) {
      const anchor = event.currentTarget;
      const url = resolve(anchor.href);
      const facts = { url, target: anchor.target, download: anchor.hasAttribute('download') };
      if (!shouldInterceptClick(event, facts, pageFacts())) return;
      event.preventDefault();
      dispatch({ type: 'push', url: hrefOf(url), now: now() });
    },
    prefetch(href: string) {
      const url = resolve(href);
      if (prefetchAllowed && isInterceptable(url))
        dispatch({ type: 'prefetch', url: hrefOf(url), now: now() });
    },
    async submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<SubmitOutcome> {
      const target = resolve(form.action);
      if (!isInterceptable(target)) return 'native';
      const formData = new FormData(form, submitter);
      // URL-encoded like the browser's own post, unless the form asks for multipart. URLSearchParams reads
      // FormData's entries (a file becomes its string form); the DOM types only list string pairs.
      const body =
        form.enctype === 'multipart/form-data'
          ? formData
          : new URLSearchParams(formData as unknown as string[][]);
      setSnapshot({ navigating: true });
      try {
        const answer = await fetchPageData(resources.dataHrefOf(target), { body });
        if (answer.type === 'invalid') {
          const navigation = dispatch({ type: 'action', url: hrefOf(location()), now: now() });
          if (navigation) navigation.actionResult = answer;
          return 'done';
        }
        if (answer.type !== 'redirect' || !isSafeRedirectTarget(answer.location)) return 'failed';
        const next = resolve(answer.location);
        if (isInterceptable(next)) dispatch({ type: 'action', url: hrefOf(next), now: now() });
        else win.location.assign(next.href);
        return 'done';
      } catch (error) {
        return error instanceof BuildChangedError ? 'native' : 'failed';
      } finally {
        if (!model.pending) setSnapshot({ navigating: false });
      }
    },
    observe(anchor: HTMLAnchorElement) {
      observer?.observe(anchor);
      return () => observer?.unobserve(anchor);
    },
  };

  return {
    navigator,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    /** Navigates to `href` (a full URL or path) like a Link click. */
    navigate(href: string, options: { replace?: boolean } = {}) {
      dispatch({ type: options.replace ? 'replace' : 'push', url: hrefOf(resolve(href)), now: now() });
    },
    /** Re-runs the current route's data step (e.g. after an action) and clears prefetched data. */
    refresh() {
      dispatch({ type: 'refresh', now: now() });
    },
    start() {
      history = createHistoryEntries(win);
      win.history.scrollRestoration = 'manual';
      started = new AbortController();
      const options = { signal: started.signal };
      win.addEventListener('popstate', onPopState, options);
      win.addEventListener('pagehide', () => history?.persist(), options);
      if (prefetchAllowed) {
        observer = new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              navigator.prefetch((entry.target as HTMLAnchorElement).href);
            }
          },
          { rootMargin: PREFETCH_ROOT_MARGIN },
        );
      }
    },
    stop() {
      started?.abort();
      observer?.disconnect();
      observer = null;
      for (const { controller } of navigations.values()) controller.abort();
      navigations.clear();
    },
  };
}

export type Router = ReturnType<typeof createRouter>;

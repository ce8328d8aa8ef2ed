import type { ComponentType, MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import type { RouteMatcher } from '../../shared/routing/route-matcher.ts';
import type { PageProps } from '../../shared/routing/route-table.ts';
import { isSafeRedirectTarget } from '../../shared/routing/safe-redirect.ts';
import type { LinkNavigator, SubmitOutcome } from '../../shared/ui/navigation-context.ts';
import type { ActionResultState, SsrPayload } from '../../shared/ui/ssr-payload.ts';
import { canPrefetch, focusPage, safeSessionStorage, scrollToHashOrTop } from './dom-effects.ts';
import { BuildChangedError, fetchPageData, PageLoadError } from './fetch-page-data.ts';
import { createFullLoadGuard } from './full-load-guard.ts';
import { createHistoryEntries, routerKeyOf } from './history-entries.ts';
import type { NavigationMonitor } from './navigation-monitor.ts';
import { createRouteResources, type LoadedPage } from './route-resources.ts';
import {
  initialModel,
  type NavigationKind,
  type RouterEffect,
  type RouterMessage,
  update,
} from './router-model.ts';
import { shouldInterceptClick } from './should-intercept-click.ts';

/** A navigation whose code and data have not both arrived by then becomes a full page load. */
export const ROUTE_LOAD_TIMEOUT_MS = 3800;
/** Prefetch links this close to the viewport. */
export const PREFETCH_ROOT_MARGIN = '200px';
/** Internal redirects followed client-side before giving up to a full load. */
const MAX_CLIENT_REDIRECTS = 5;

export interface ShownPage {
  payload: SsrPayload;
  // biome-ignore lint/suspicious/noExplicitAny: the page's data type is only known to the page itself.
  Page: ComponentType<PageProps<any>> | null;
}

/** What the React tree renders: the page on screen, whether a navigation is pending, what to announce. */
export interface RouterSnapshot {
  page: ShownPage;
  navigating: boolean;
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

class NavigationTimeoutError extends Error {
  override readonly name = 'NavigationTimeoutError';
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
  now = () => Date.now(),
}: RouterOptions) {
  const { basePath, locale } = initialPage.payload;
  const location = () => new URL(win.location.href);
  const hrefOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`;
  const resourceKey = (href: string) => {
    const url = new URL(href, win.location.href);
    return `${url.pathname}${url.search}`;
  };
  const resources = createRouteResources({ routes, basePath, locale, buildId: initialPage.payload.buildId });
  const fullLoads = createFullLoadGuard(safeSessionStorage(win));
  const prefetchAllowed = canPrefetch(win, initialPage.payload);

  let model = initialModel(hrefOf(location()));
  let snapshot: RouterSnapshot = { page: initialPage, navigating: false, announcement: '' };
  let history: ReturnType<typeof createHistoryEntries> | null = null;
  let observer: IntersectionObserver | null = null;
  const listeners = new Set<() => void>();
  const controllers = new Map<number, AbortController>();
  const loaded = new Map<number, ShowablePage>();
  const popTargets = new Map<number, string>();
  /** Invalid-input answers of form posts, shown with the page that the `action` navigation commits. */
  const actionResults = new Map<number, ActionResultState>();

  function setSnapshot(next: Partial<RouterSnapshot>) {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }

  function dispatch(message: RouterMessage): number | undefined {
    const [next, effects] = update(model, message);
    model = next;
    if (snapshot.navigating !== (model.pending !== null)) setSnapshot({ navigating: model.pending !== null });
    for (const effect of effects) run(effect);
    return model.pending?.token;
  }

  function run(effect: RouterEffect): void {
    switch (effect.type) {
      case 'start-prefetch':
        resources
          .prefetch(effect.url)
          .then((ok) => dispatch({ type: 'prefetch-settled', url: effect.url, ok, now: now() }));
        return;
      case 'load': {
        const key = resourceKey(effect.url);
        const pattern = resources.patternOf(key);
        monitor?.navigationStarted(effect.token, effect.url, pattern);
        void monitor?.measureChunk(effect.token, pattern, () => resources.codeOf(key)).catch(() => {});
        void load(effect.token, effect.url, effect.reuseData);
        return;
      }
      case 'abort':
        monitor?.navigationEnded(effect.token, 'superseded');
        controllers.get(effect.token)?.abort();
        controllers.delete(effect.token);
        loaded.delete(effect.token);
        return;
      case 'commit':
        return commit(effect.token, effect.kind, effect.url);
      case 'full-load':
        monitor?.navigationEnded(effect.token, 'full-load');
        fullLoads.remember(effect.url);
        if (effect.replace) win.location.replace(effect.url);
        else win.location.assign(effect.url);
        return;
      case 'clear-data':
        resources.clearData();
        return;
    }
  }

  async function load(token: number, href: string, reuseData: boolean): Promise<void> {
    const controller = new AbortController();
    controllers.set(token, controller);
    // The deadline applies once per URL: a URL that already fell back gets the time it needs.
    const deadline = fullLoads.hasFallenBack(href)
      ? undefined
      : setTimeout(() => controller.abort(new NavigationTimeoutError()), ROUTE_LOAD_TIMEOUT_MS);
    try {
      let target = new URL(href, win.location.href);
      for (let redirects = 0; ; redirects += 1) {
        const page = await resources.load(hrefOf(target), {
          reuseData: reuseData && redirects === 0,
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        if (page.type !== 'redirect') {
          loaded.set(token, page);
          dispatch({ type: 'navigation-loaded', token, url: hrefOf(target), now: now() });
          return;
        }
        // Never follow a `javascript:` (or other non-http) target, whatever the answer says.
        if (!isSafeRedirectTarget(page.location))
          throw new PageLoadError(`Unsafe redirect to ${page.location}`);
        const next = new URL(page.location, win.location.href);
        if (redirects >= MAX_CLIENT_REDIRECTS || !isInterceptable(next)) {
          dispatch({ type: 'navigation-failed', token, url: next.href });
          return;
        }
        target = next;
      }
    } catch {
      const superseded =
        controller.signal.aborted && !(controller.signal.reason instanceof NavigationTimeoutError);
      if (!superseded) dispatch({ type: 'navigation-failed', token });
    } finally {
      clearTimeout(deadline);
      controllers.delete(token);
    }
  }

  function commit(token: number, kind: NavigationKind, href: string): void {
    const page = loaded.get(token);
    loaded.delete(token);
    if (!page || !history) return;
    const target = new URL(href, win.location.href);
    const previous = location();
    const popKey = popTargets.get(token);
    popTargets.delete(token);
    if (kind === 'push' || (kind === 'action' && hrefOf(target) !== hrefOf(location()))) history.push(href);
    else if (kind === 'replace' || kind === 'action') history.replace(href);
    else if (kind === 'pop' && popKey) history.arrive(popKey);

    const actionResult = actionResults.get(token);
    actionResults.delete(token);
    const shown = toShownPage(page, target, actionResult);
    flushSync(() => setSnapshot({ page: shown, announcement: shown.payload.page.head.title }));

    // A refresh, or an action that stayed on its page (invalid input, or a redirect back to the same page),
    // keeps the reader where they were.
    const stayed = kind === 'action' && (actionResult !== undefined || target.pathname === previous.pathname);
    if (kind === 'refresh' || stayed) {
      monitor?.navigationEnded(token, 'committed');
      return;
    }
    const saved = kind === 'pop' && popKey ? history.savedScroll(popKey) : undefined;
    if (saved) win.scrollTo(saved[0], saved[1]);
    else scrollToHashOrTop(win, target.hash);
    if (kind !== 'pop') focusPage(win);
    monitor?.navigationEnded(token, 'committed');
  }

  function toShownPage(page: ShowablePage, target: URL, actionResult?: ActionResultState): ShownPage {
    const { pathname, search } = resources.appUrlOf(target);
    const base = {
      ...initialPage.payload,
      url: { pathname, search },
      layout: page.layout ?? snapshot.page.payload.layout,
    };
    if (page.type === 'error') {
      return {
        payload: { ...base, page: { type: 'error', status: page.status, head: page.head } },
        Page: null,
      };
    }
    const { routeId, params, data, head } = page;
    return {
      payload: { ...base, page: { type: 'route', routeId, params, data, head, actionResult } },
      Page: page.Page,
    };
  }

  function isInterceptable(url: URL): boolean {
    const click = {
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      defaultPrevented: false,
    };
    return shouldInterceptClick(
      click,
      { url, target: '', download: false },
      { location: location(), basePath, locale },
    );
  }

  function onPopState(event: PopStateEvent) {
    history?.rememberScroll();
    const key = routerKeyOf(event.state);
    const target = location();
    const current = new URL(model.currentUrl, target);
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
    const token = dispatch({ type: 'pop', url: hrefOf(target), now: now() });
    if (token !== undefined) popTargets.set(token, key);
  }

  const onPageHide = () => history?.persist();

  const navigator: LinkNavigator = {
    onLinkClick(event: MouseEvent<HTMLAnchorElement>) {
      const anchor = event.currentTarget;
      const url = new URL(anchor.href, win.location.href);
      const facts = { url, target: anchor.target, download: anchor.hasAttribute('download') };
      if (!shouldInterceptClick(event, facts, { location: location(), basePath, locale })) return;
      event.preventDefault();
      dispatch({ type: 'push', url: hrefOf(url), now: now() });
    },
    prefetch(href: string) {
      if (!prefetchAllowed) return;
      const url = new URL(href, win.location.href);
      if (isInterceptable(url)) dispatch({ type: 'prefetch', url: hrefOf(url), now: now() });
    },
    async submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<SubmitOutcome> {
      const target = new URL(form.action, win.location.href);
      if (!isInterceptable(target)) return { type: 'native' };
      const formData = new FormData(form, submitter);
      const body =
        form.enctype === 'multipart/form-data'
          ? formData
          : new URLSearchParams([...formData].map(([name, value]) => [name, String(value)]));
      setSnapshot({ navigating: true });
      try {
        const answer = await fetchPageData(resources.dataHrefOf(target), new AbortController().signal, {
          body,
        });
        switch (answer.type) {
          case 'redirect': {
            if (!isSafeRedirectTarget(answer.location)) return { type: 'failed' };
            const next = new URL(answer.location, win.location.href);
            if (isInterceptable(next)) dispatch({ type: 'action', url: hrefOf(next), now: now() });
            else win.location.assign(next.href);
            return { type: 'done' };
          }
          case 'invalid': {
            const token = dispatch({ type: 'action', url: hrefOf(location()), now: now() });
            if (token !== undefined) actionResults.set(token, answer);
            return { type: 'done' };
          }
          case 'error':
            return { type: 'failed', status: answer.status };
          case 'page':
            return { type: 'failed' };
        }
      } catch (error) {
        return error instanceof BuildChangedError ? { type: 'native' } : { type: 'failed' };
      } finally {
        if (!model.pending) setSnapshot({ navigating: false });
      }
    },
    observe(anchor: HTMLAnchorElement) {
      if (!observer) return () => {};
      observer.observe(anchor);
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
      const url = new URL(href, win.location.href);
      dispatch({ type: options.replace ? 'replace' : 'push', url: hrefOf(url), now: now() });
    },
    /** Re-runs the current route's data step (e.g. after an action) and clears prefetched data. */
    refresh() {
      dispatch({ type: 'refresh', now: now() });
    },
    start() {
      history = createHistoryEntries(win);
      win.history.scrollRestoration = 'manual';
      win.addEventListener('popstate', onPopState);
      win.addEventListener('pagehide', onPageHide);
      if (prefetchAllowed && typeof IntersectionObserver !== 'undefined') {
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
      win.removeEventListener('popstate', onPopState);
      win.removeEventListener('pagehide', onPageHide);
      observer?.disconnect();
      observer = null;
      for (const controller of controllers.values()) controller.abort();
      controllers.clear();
    },
  };
}

export type Router = ReturnType<typeof createRouter>;

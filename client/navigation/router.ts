import type { Locales } from '../../shared/routing/locale.ts';
import type { RouteMatcher } from '../../shared/routing/route-matcher.ts';
import type {
  ClientInstrumentation,
  NavigationOutcome,
  Observe,
} from '../../shared/ui/client-instrumentation.ts';
import { linkNavigator, popStateHandler } from './browser-events.ts';
import { createPageCommitter, keysOnScreen, type RouterSnapshot, type ShownPage } from './commit-page.ts';
import { canPrefetch } from './dom-effects.ts';
import { BuildChangedError } from './fetch-page-data.ts';
import { createFetchers } from './fetchers.ts';
import { fullLoad, hasFallenBack } from './full-load-guard.ts';
import { createHistoryEntries } from './history-entries.ts';
import { joinRevalidations, type Revalidation, sharedPrefix } from './kept-segments.ts';
import { postFormNatively } from './native-post.ts';
import { createRouteLoader, type Navigation, type NavigationTrigger } from './route-loading.ts';
import { createRouteResources, hrefOf } from './route-resources.ts';
import {
  initialModel,
  type RouterEffect,
  type RouterInput,
  type RouterMessage,
  update,
} from './router-model.ts';
import { isRouterUrl } from './should-intercept-click.ts';

export type { RouterSnapshot, ShownPage } from './commit-page.ts';

export interface RouterOptions {
  routes: RouteMatcher;
  /** The app's locales (createLocales), compiled once with the routes. */
  locales: Locales;
  initialPage: ShownPage;
  /** Observers of navigations, route loads and fetchers: Sentry's (undefined when off), then the app's. */
  observers?: readonly (ClientInstrumentation | undefined)[];
  /** Whether navigations commit in a view transition unless their link says otherwise (AppDefinition). */
  viewTransitions?: boolean | undefined;
  /** Injected for tests; the browser's by default. */
  window?: Window;
  now?: () => number;
}

/**
 * The DOM adapter around the pure router model (router-model.ts): it turns clicks, form submits, popstate and
 * prefetch triggers into messages, and runs the model's effects with its parts: route loading
 * (route-loading.ts), committing a page (commit-page.ts), history, full loads. `start()` attaches it (nothing
 * detaches it: it lives as long as its page).
 *
 * long function: the adapter's state (model, snapshot, navigation, history) is shared by the
 * short handlers below; the work itself is in the modules they call.
 */
export function createRouter({
  routes,
  locales,
  initialPage,
  observers = [],
  viewTransitions,
  window: win = window,
  now = Date.now,
}: RouterOptions) {
  const { basePath, locale, buildId, page: initial } = initialPage.payload;
  /** Resolves a link, form action or redirect target against the current page. */
  const resolve = (href: string) => new URL(href, win.location.href);
  let snapshot: RouterSnapshot = { ...initialPage, navigating: false, announcement: '' };
  const observe: Observe = (kind, url, ended, info) => {
    const observed = { routePattern: resources.patternOf(resolve(url)), url, ...info };
    const end = ended.then(({ type, status }) => ({ outcome: type, status }));
    for (const observer of observers) {
      // An observer's own bug is the browser's to report (the console, Sentry): never the navigation's.
      try {
        observer?.[kind]?.(observed as never, () => end as never);
      } catch (error) {
        reportError(error);
      }
    }
  };
  /** Tells the observers how the newest navigation ended (the model's effects concern only that one). */
  const ended = (outcome: NavigationOutcome) => navigation?.ended?.({ type: outcome });
  const resources = createRouteResources({
    observe,
    routes,
    basePath,
    locales,
    locale,
    buildId,
    keysOnScreen: () => keysOnScreen(routes, snapshot),
  });
  // A resource route (sitemap.xml) answers without a document: the browser loads it itself.
  const isInterceptable = (url: URL) =>
    isRouterUrl(url, { location: resolve(win.location.href), basePath, locales, locale }) &&
    !resources.isResource(url);

  /** The per-visitor segments a shared page left out, for the browser to ask for once hydrated. */
  const later = initial.type === 'route' ? initial.later : undefined;
  let model = initialModel(hrefOf(resolve(win.location.href)), later ? 'awaited' : 'none');
  /** The per-visitor data, shown in place as a refresh commits once it has arrived and the model says so. */
  const visitorData: Navigation = { controller: new AbortController() };
  /** The session history entries of this router (it marks the entry on screen as its own at once). */
  const history = createHistoryEntries(win);
  const listeners = new Set<() => void>();
  /** Fetchers' actions succeeded while a navigation was pending: what to revalidate once that page is on screen. */
  let revalidateAfterCommit: Revalidation | undefined;
  /**
   * The newest navigation, from its `load` effect on. The model's effects (abort, commit, full load) concern
   * only its pending navigation, which is always the newest: one is enough.
   */
  let navigation: Navigation | undefined;

  function setSnapshot(next: Partial<RouterSnapshot>) {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }
  // What the router's parts (the route loader, the page committer, the browser event handlers) are given:
  // one object for all, each part reads the fields its options name.
  const parts = {
    win,
    resolve,
    resources,
    initialPage,
    isInterceptable,
    prefetchAllowed: canPrefetch(win),
    dispatch,
    showPending,
    setSnapshot,
    snapshot: () => snapshot,
    history,
    currentUrl: () => model.currentUrl,
  };
  const load = createRouteLoader(parts);
  const commit = createPageCommitter(parts);

  /**
   * Feeds the model a message and runs its effects. A navigation message comes with what its browser event
   * hands the navigation it starts (`trigger`).
   */
  function dispatch(message: RouterInput, trigger?: NavigationTrigger): void {
    // Stamped whether or not its type carries a time: the model reads `now` only where it does.
    const [next, effects] = update(model, { ...message, now: now() } as RouterMessage);
    model = next;
    const navigating = model.pending !== null;
    if (snapshot.navigating !== navigating) setSnapshot({ navigating, pending: undefined });
    for (const effect of effects) run(effect, trigger);
  }

  function run(effect: RouterEffect, trigger?: NavigationTrigger): void {
    switch (effect.type) {
      case 'start-prefetch':
        resources
          .prefetch(effect.url, () => dispatch({ type: 'prefetch-answered', url: effect.url }))
          .then((ok) => dispatch({ type: 'prefetch-settled', url: effect.url, ok }));
        return;
      case 'load':
        return startLoad(effect, trigger);
      case 'abort':
        ended('superseded');
        navigation?.controller.abort();
        return settleForm();
      case 'commit':
        // The model commits only its pending navigation, which a load effect started: the newest.
        commit(effect.kind, effect.url, navigation!);
        ended('committed');
        settleForm();
        if (revalidateAfterCommit) {
          const revalidate = revalidateAfterCommit;
          revalidateAfterCommit = undefined;
          if (effect.kind !== 'refresh') dispatch({ type: 'refresh', revalidate });
        }
        return;
      case 'full-load':
        ended('full-load');
        fullLoad(win, effect.url, effect.replace);
        return settleForm();
      case 'forget-answers':
        resources.forgetAnswers(effect.urls);
        return;
      case 'fetch-visitor-data':
        return fetchVisitorData();
      case 'show-visitor-data':
        // No navigation is pending (the model drops the answer then).
        return commit('refresh', model.currentUrl, visitorData);
    }
  }

  /**
   * Asks for the per-visitor segments; a failure leaves the page as it is (no full load), but for an answer
   * that says the server runs another build (a release is under way): this page's code cannot read its data,
   * so the page loads again in full, once per URL as every fallback, once the visitor's posts on their way
   * have ended (a full load would cut them off, and the visitor's add or order with them).
   */
  function fetchVisitorData() {
    const onBodyEnd = () => dispatch({ type: 'visitor-data-settled' });
    resources.load(model.currentUrl, { reuseData: false, revalidate: later, onBodyEnd }).then(
      (loaded) => {
        if (loaded.type !== 'page') return;
        visitorData.page = loaded;
        dispatch({ type: 'visitor-data-answered' });
      },
      (error) => {
        // Again and again while a post is on its way; then once per URL, as every fallback.
        const reload = () =>
          model.pending || fetchers.busy()
            ? setTimeout(reload, 100)
            : hasFallenBack(win, model.currentUrl) || fullLoad(win, model.currentUrl, true);
        if (error instanceof BuildChangedError) reload();
      },
    );
  }

  function startLoad(
    { token, kind, url, reuseData, revalidate }: Extract<RouterEffect, { type: 'load' }>,
    trigger: NavigationTrigger = {},
  ) {
    // Its code starts loading now, while an action's form posts.
    resources.resourceOf(url);
    // A refresh (after an action, or for a shared page's per-visitor data) is no navigation to observe.
    const started: Navigation = {
      ...trigger,
      controller: new AbortController(),
      revalidate,
      // A link's own choice wins over the app's.
      viewTransition: trigger.viewTransition ?? viewTransitions,
    };
    navigation = started;
    if (kind !== 'refresh') observe('navigation', url, new Promise((end) => (started.ended = end)));
    void load(token, started, url, reuseData);
  }

  /** Tells the form of the navigation that is ending (if it posted one) that it is done. */
  function settleForm() {
    navigation?.submission?.settle('done');
  }

  /**
   * Shows the target's pending component in place of the first segment the navigation changes (the layouts
   * above stay interactive), once that segment's code is there and if it has one. `href`: the navigation's
   * (the model's key, as its load asked resources for it).
   */
  function showPending(token: number, href: string): void {
    const { code, keys } = resources.resourceOf(href);
    const index = sharedPrefix(keysOnScreen(routes, snapshot), keys);
    code.then(
      (modules) => {
        const Component = modules[index]?.PendingComponent;
        if (Component && model.pending?.token === token) setSnapshot({ pending: { index, Component } });
      },
      () => {},
    );
  }

  const fetchers = createFetchers({
    resolve,
    observe,
    dataHrefOf: (url) => (isInterceptable(url) ? resources.dataHrefOf(url) : undefined),
    postNatively: (url, body) => postFormNatively(win.document, url, body),
    // A refresh would supersede the visitor's own navigation: that one commits first. A refresh still on
    // its way is superseded, so the newest answer wins; it asks for what the one before asked for too.
    revalidate(segments) {
      const pending = model.pending;
      const revalidate = segments ?? 'after-action';
      if (pending && pending.kind !== 'refresh') {
        revalidateAfterCommit = joinRevalidations(revalidate, revalidateAfterCommit);
        return;
      }
      const superseded = pending ? navigation?.revalidate : undefined;
      dispatch({ type: 'refresh', revalidate: joinRevalidations(revalidate, superseded) });
    },
  });
  const navigator = linkNavigator(parts);
  const onPopState = popStateHandler(parts);

  return {
    navigator: { ...navigator, fetchers },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    /** Asks for the page on screen's data again (every segment's, or those named) and clears prefetched data. */
    refresh(revalidate: Revalidation = 'all') {
      dispatch({ type: 'refresh', revalidate });
    },
    /** A shared page has hydrated without its per-visitor data: ask for it (once; else nothing happens). */
    hydrated() {
      dispatch({ type: 'visitor-data' });
    },
    start() {
      win.history.scrollRestoration = 'manual';
      win.addEventListener('popstate', onPopState);
      win.addEventListener('pagehide', history.persist);
    },
  };
}

export type Router = ReturnType<typeof createRouter>;

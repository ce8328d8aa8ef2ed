import { isSafeRedirectTarget } from '../../shared/routing/safe-redirect.ts';
import type { NavigationOutcome } from '../../shared/ui/client-instrumentation.ts';
import type { SubmitOutcome } from '../../shared/ui/navigation-context.ts';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import { BuildChangedError, fetchPageData } from './fetch-page-data.ts';
import type { Submission } from './form-submission.ts';
import { hasFallenBack } from './full-load-guard.ts';
import type { Revalidation } from './kept-segments.ts';
import { hrefOf, type LoadedPage, type RouteResources } from './route-resources.ts';
import type { RouterInput } from './router-model.ts';

/**
 * A client navigation whose code and data have not both arrived after this many milliseconds becomes a
 * full page load, so a stalled request never leaves the visitor on the old page.
 */
export const ROUTE_LOAD_TIMEOUT_MS = 3800;
/**
 * A client navigation still waiting after this many milliseconds shows its first changed segment's
 * `PendingComponent` (a faster one shows none, so quick pages do not flash a spinner).
 */
export const PENDING_COMPONENT_DELAY_MS = 150;
/** Internal redirects followed client-side before giving up to a full load. */
const MAX_CLIENT_REDIRECTS = 5;

export type ShowablePage = Exclude<LoadedPage, { type: 'redirect' }>;

/** What the adapter holds for a navigation from its `load` effect until it settles. */
export interface Navigation {
  /** Aborted when a newer navigation supersedes this one. */
  controller: AbortController;
  /** Tells the navigation's observers how it ended; none for a refresh. */
  ended?: (end: { type: NavigationOutcome }) => void;
  /** The page to show, once loaded. */
  page?: ShowablePage;
  /** Back/forward: the history entry the browser moved to. */
  popKey?: string;
  /** An `action` navigation's form post. */
  submission?: Submission;
  /** A form post's invalid-input answer, shown with the page the `action` navigation commits. */
  actionResult?: ActionResultState;
  /** A refresh's: which segments it asks for again. */
  revalidate?: Revalidation | undefined;
  /** Commits in a view transition (the app's setting, or its link's). */
  viewTransition?: boolean | undefined;
}

/** What the browser event that starts a navigation hands it: a form's post, a link's view transition, the entry back/forward moved to. */
export type NavigationTrigger = Pick<Navigation, 'submission' | 'viewTransition' | 'popKey'>;

export interface RouteLoaderOptions {
  win: Window;
  /** Resolves a target against the current page. */
  resolve: (href: string) => URL;
  resources: RouteResources;
  /** Whether the router handles a URL (else it loads in full). */
  isInterceptable: (url: URL) => boolean;
  dispatch: (message: RouterInput) => void;
  /** The navigation has waited a while: show the target's pending component. */
  showPending: (token: number, href: string) => void;
}

/**
 * Loads what a navigation shows (docs/client-navigation.md#deadlines-and-failures): for an action, its form
 * post first; then the route's code and data in parallel, following internal redirects, within
 * ROUTE_LOAD_TIMEOUT_MS. The result goes to the model as `navigation-loaded`, or `navigation-failed` (a full
 * load) when the deadline passes or a load fails.
 */
export function createRouteLoader(loader: RouteLoaderOptions) {
  const { win } = loader;
  /** `reuseData`: a fresh prefetched answer may be used as it is; which segments to ask for again is the navigation's. */
  return async function load(token: number, navigation: Navigation, href: string, reuseData: boolean) {
    const { signal } = navigation.controller;
    let pendingTimer: ReturnType<typeof setTimeout> | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    try {
      // The post is the action itself, not the route's code and data: the deadline starts after it.
      const posted = await post(loader, token, navigation, href);
      if (!posted || signal.aborted) return;
      const { url: target, revalidate = navigation.revalidate } = posted;
      if (!revalidate) {
        pendingTimer = setTimeout(() => loader.showPending(token, href), PENDING_COMPONENT_DELAY_MS);
      }
      // The deadline applies once per URL: a URL that already fell back gets the time it needs. The model
      // ignores it once the navigation has committed or been superseded; an aborted one ignores it here.
      if (!hasFallenBack(win, hrefOf(target))) {
        deadline = setTimeout(() => {
          if (!signal.aborted) fail(loader, token);
        }, ROUTE_LOAD_TIMEOUT_MS);
      }
      await loadPage(loader, token, navigation, target, reuseData, revalidate);
    } catch {
      // An aborted navigation was superseded: the model has moved on.
      if (!signal.aborted) fail(loader, token);
    } finally {
      clearTimeout(deadline);
      clearTimeout(pendingTimer);
    }
  };
}

/** Ends the navigation with a full load; `url`: where to load instead of the navigation's own URL. */
function fail(loader: RouteLoaderOptions, token: number, url?: string): void {
  loader.dispatch({ type: 'navigation-failed', token, url });
}

/**
 * The form post of an action navigation, to its page's data URL (where the action runs). Returns the URL to
 * load next (a redirect's target and the segments the action named, or the page on screen again with the
 * field errors of invalid input), or undefined when the navigation ended here.
 */
async function post(
  loader: RouteLoaderOptions,
  token: number,
  navigation: Navigation,
  href: string,
): Promise<{ url: URL; revalidate?: readonly string[] | undefined } | undefined> {
  const { submission, controller } = navigation;
  const { signal } = controller;
  if (!submission) return { url: loader.resolve(href) };
  const here = loader.resolve(loader.win.location.href);
  let outcome: Exclude<SubmitOutcome, 'done'> = 'failed';
  try {
    const answer = await fetchPageData(loader.resources.dataHrefOf(loader.resolve(href)), {
      body: submission.body,
      signal,
    });
    if (signal.aborted) return undefined;
    if (answer.type === 'invalid') {
      navigation.actionResult = answer;
      return { url: here };
    }
    // Never follow a `javascript:` (or other non-http) target.
    if (answer.type === 'redirect' && isSafeRedirectTarget(answer.location)) {
      const next = loader.resolve(answer.location);
      // One the router does not handle (another locale, outside BASE_PATH, another origin) loads in full.
      if (!loader.isInterceptable(next)) return void fail(loader, token, next.href);
      return { url: next, revalidate: answer.revalidate };
    }
  } catch (error) {
    if (signal.aborted) return undefined;
    // The server runs newer code than this page: the form posts natively.
    if (error instanceof BuildChangedError) outcome = 'native';
  }
  // No page to show: the post failed (network, 5xx: the form says so), or the build changed.
  loader.dispatch({ type: 'action-failed', token });
  submission.settle(outcome);
  return undefined;
}

/**
 * Code and data of `target`, following redirects, until the page is loaded or the navigation fails.
 * `reuseData`: a fresh prefetched answer of `target` may be used as it is (not of a redirect's target);
 * `revalidate`: which segments to ask for again, after a refresh or an action changed server state.
 */
async function loadPage(
  loader: RouteLoaderOptions,
  token: number,
  navigation: Navigation,
  target: URL,
  reuseData: boolean,
  revalidate: Revalidation | undefined,
) {
  const { signal } = navigation.controller;
  for (let redirects = 0; ; redirects += 1) {
    const page = await loader.resources.load(hrefOf(target), {
      reuseData: reuseData && redirects === 0,
      revalidate,
      signal,
    });
    if (signal.aborted) return;
    if (page.type !== 'redirect') {
      navigation.page = page;
      return loader.dispatch({ type: 'navigation-loaded', token, url: hrefOf(target) });
    }
    // Never follow a `javascript:` (or other non-http) target: the navigation's own URL loads in full.
    const next = isSafeRedirectTarget(page.location) ? loader.resolve(page.location) : undefined;
    if (!next || redirects >= MAX_CLIENT_REDIRECTS || !loader.isInterceptable(next)) {
      return fail(loader, token, next?.href);
    }
    target = next;
  }
}

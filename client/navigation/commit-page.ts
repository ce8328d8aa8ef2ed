import { flushSync } from 'react-dom';
import type { RouteMatcher } from '../../shared/routing/route-matcher.ts';
import type { SegmentModule } from '../../shared/routing/route-table.ts';
import type { PendingSegment } from '../../shared/ui/segment-tree.tsx';
import type { ActionResultState, SegmentState, SsrPayload } from '../../shared/ui/ssr-payload.ts';
import { canAnimate, focusPage, hasFocus, scrollToHashOrTop } from './dom-effects.ts';
import type { HistoryEntries } from './history-entries.ts';
import { segmentKeys } from './kept-segments.ts';
import type { Navigation, ShowablePage } from './route-loading.ts';
import { hrefOf, type RouteResources } from './route-resources.ts';
import type { NavigationKind } from './router-model.ts';

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

export interface PageCommitterOptions {
  win: Window;
  resources: RouteResources;
  initialPage: ShownPage;
  snapshot: () => RouterSnapshot;
  setSnapshot: (next: Partial<RouterSnapshot>) => void;
  history: HistoryEntries;
}

/**
 * Shows a loaded page: the history entry (push, replace, or the entry back/forward moved to), the render,
 * then scroll and focus as a full load would leave them (docs/client-navigation.md#the-router).
 */
export function createPageCommitter({
  win,
  resources,
  initialPage,
  snapshot,
  setSnapshot,
  history,
}: PageCommitterOptions) {
  return function commit(kind: NavigationKind, href: string, navigation: Navigation): void {
    if (!navigation.page) return;
    const { page, popKey, actionResult } = navigation;
    const target = new URL(href, win.location.href);
    const previous = new URL(win.location.href);
    const base = { ...initialPage.payload, url: resources.appUrlOf(target) };
    const shown = toShownPage(page, base, snapshot(), actionResult);
    // A refresh, or an action that stayed on its page (invalid input, or a redirect back to the same page),
    // keeps the reader where they were.
    const stayed =
      kind === 'refresh' ||
      (kind === 'action' && (actionResult !== undefined || target.pathname === previous.pathname));
    // The address changes with the page it shows, in a view transition's update too.
    const show = () => {
      let saved: [number, number] | undefined;
      if (kind === 'push' || (kind === 'action' && hrefOf(target) !== hrefOf(previous))) history.push(href);
      else if (kind === 'replace' || kind === 'action') history.replace(href);
      else if (popKey) saved = history.arrive(popKey);
      flushSync(() =>
        // A refresh stays on its page: nothing new to announce.
        setSnapshot({
          ...shown,
          pending: undefined,
          announcement: kind === 'refresh' ? snapshot().announcement : shown.payload.page.head.title,
        }),
      );
      if (stayed) return;
      if (saved) win.scrollTo(...saved);
      else scrollToHashOrTop(win, target.hash);
      // Focus in a layout the navigation kept (a sidebar link, a search field) stays; focus that went with
      // the replaced segments moves to the page, as a full load would.
      if (kind !== 'pop' && !hasFocus(win)) focusPage(win);
    };
    // The browser snapshots the old page, then `show` renders the new one: scroll and focus as without.
    if (navigation.viewTransition && !stayed && canAnimate(win)) win.document.startViewTransition(show);
    else show();
  };
}

/** The page to render: the loaded segments under the ones the answer left out, which stay as they are on screen. */
function toShownPage(
  page: ShowablePage,
  base: Omit<SsrPayload, 'page'>,
  onScreen: ShownPage,
  actionResult?: ActionResultState,
): ShownPage {
  if (page.type === 'error') {
    const { status, head } = page;
    // Without the root layout's segment in the answer, the error shows inside the one on screen.
    const [segments, modules] = page.segments
      ? [page.segments, page.modules]
      : [onScreen.payload.page.segments.slice(0, 1), onScreen.modules.slice(0, 1)];
    return { payload: { ...base, page: { type: 'error', status, head, segments } }, modules };
  }
  // A kept segment (`null`) shows its data on screen still, and a kept head stays.
  const { modules, status: _status, segments, head, ...route } = page;
  const before = onScreen.payload.page;
  const shown = segments.map((segment, index) => segment ?? (before.segments[index] as SegmentState));
  return {
    payload: {
      ...base,
      page: { ...route, head: head ?? before.head, segments: shown, type: 'route', actionResult },
    },
    modules: modules.map((module, index) =>
      segments[index] ? module : (onScreen.modules[index] as SegmentModule),
    ),
  };
}

/** The segment keys of the page on screen that a navigation may keep: those shown with their data. */
export function keysOnScreen(routes: RouteMatcher, { payload }: ShownPage): string[] {
  const { page, url } = payload;
  if (page.type !== 'route') return [];
  const withData = page.segments.findIndex((segment) => !('data' in segment));
  // A per-visitor segment a shared page left out (`later`) has no data to keep until the browser has it: its
  // place holds a key no page has, so the segments below it can still be kept.
  return segmentKeys(routes.branchOf(page.routeId)!, page.params, url.search)
    .slice(0, withData === -1 ? undefined : withData)
    .map((key, index) => (page.later?.includes(page.segments[index]!.id) ? '' : key));
}

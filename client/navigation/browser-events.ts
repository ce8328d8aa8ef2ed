import type { MouseEvent } from 'react';
import { formBodyOf } from '../../shared/ui/form.tsx';
import type { LinkNavigator, SubmitOutcome } from '../../shared/ui/navigation-context.ts';
import { type HistoryEntries, routerKeyOf } from './history-entries.ts';
import type { NavigationTrigger } from './route-loading.ts';
import { hrefOf } from './route-resources.ts';
import type { RouterInput } from './router-model.ts';
import { shouldInterceptClick } from './should-intercept-click.ts';

// What the browser tells the router: link clicks, prefetch triggers and form submits (through <Link> and
// <Form>), and back/forward. Each becomes a message to the router model.

/** Prefetch links this close to the viewport. */
export const PREFETCH_ROOT_MARGIN = '200px';

export interface NavigatorParts {
  resolve: (href: string) => URL;
  isInterceptable: (url: URL) => boolean;
  prefetchAllowed: boolean;
  /** `submission`: the form post an `action` message carries. */
  /** `trigger`: what the navigation the message starts is handed (a form's post, a link's view transition). */
  dispatch: (message: RouterInput, trigger?: NavigationTrigger) => void;
}

/**
 * What `<Link>` and `<Form>` call (shared/ui/navigation-context.ts): clicks, prefetches, form submits. Links
 * are observed for prefetching only where prefetching is allowed.
 */
export function linkNavigator(parts: NavigatorParts): Omit<LinkNavigator, 'fetchers'> {
  const { resolve, dispatch } = parts;
  const observer = parts.prefetchAllowed ? observeLinks((href) => navigator.prefetch(href)) : undefined;
  const navigator = {
    onLinkClick(event: MouseEvent<HTMLAnchorElement>, viewTransition?: boolean) {
      const anchor = event.currentTarget;
      const url = resolve(anchor.href);
      if (!shouldInterceptClick(event, anchor, url, parts.isInterceptable)) return;
      event.preventDefault();
      dispatch({ type: 'push', url: hrefOf(url) }, { viewTransition });
    },
    prefetch(href: string) {
      const url = resolve(href);
      if (parts.prefetchAllowed && parts.isInterceptable(url))
        dispatch({ type: 'prefetch', url: hrefOf(url) });
    },
    /** A form post is an `action` navigation: posted, then its result loaded and shown, with a token. */
    submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<SubmitOutcome> {
      const target = resolve(form.action);
      if (!parts.isInterceptable(target)) return Promise.resolve('native');
      return new Promise((settle) => {
        dispatch(
          { type: 'action', url: hrefOf(target) },
          { submission: { body: formBodyOf(form, submitter), settle } },
        );
      });
    },
    observe(anchor: HTMLAnchorElement) {
      observer?.observe(anchor);
      return () => observer?.unobserve(anchor);
    },
  };
  return navigator;
}

export interface PopStateParts {
  win: Window;
  resolve: (href: string) => URL;
  dispatch: (message: RouterInput, trigger?: NavigationTrigger) => void;
  history: HistoryEntries;
  /** The URL of the page on screen (the model's). */
  currentUrl: () => string;
}

/** Back and forward: a `pop` navigation to an entry of ours; a hash change is the browser's; others load in full. */
export function popStateHandler({ win, resolve, dispatch, history, currentUrl }: PopStateParts) {
  return function onPopState(event: PopStateEvent) {
    history.rememberScroll();
    const key = routerKeyOf(event.state);
    const target = resolve(win.location.href);
    const current = resolve(currentUrl());
    if (target.pathname === current.pathname && target.search === current.search) {
      // Only the hash differs: the browser scrolls; keep our bookkeeping in step.
      if (key) history.arrive(key);
      dispatch({ type: 'hash-change', url: hrefOf(target) });
      return;
    }
    if (!key) {
      // An entry this runtime did not create: let the browser load it.
      win.location.reload();
      return;
    }
    dispatch({ type: 'pop', url: hrefOf(target) }, { popKey: key });
  };
}

/** Prefetches each observed link once, when it comes within PREFETCH_ROOT_MARGIN of the viewport. */
function observeLinks(prefetch: (href: string) => void): IntersectionObserver {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        prefetch((entry.target as HTMLAnchorElement).href);
      }
    },
    { rootMargin: PREFETCH_ROOT_MARGIN },
  );
  return observer;
}

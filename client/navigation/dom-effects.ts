import { isbotNaive } from 'isbot';

/** After a navigation: to the `#hash` target when there is one, else to the top. */
export function scrollToHashOrTop(win: Window, hash: string): void {
  // No element has the empty id, so no hash scrolls to the top too.
  const element = win.document.getElementById(decodeURIComponent(hash.slice(1)));
  if (element) element.scrollIntoView();
  else win.scrollTo(0, 0);
}

/**
 * Whether a navigation may commit in a view transition: the browser has them, and the visitor has not
 * asked for reduced motion (then it commits at once, as without support).
 */
export function canAnimate(win: Window): boolean {
  return (
    typeof win.document.startViewTransition === 'function' &&
    !win.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Moves focus to the new page, as a full load would, so keyboard and screen reader users start there. */
export function focusPage(win: Window): void {
  const main = win.document.querySelector<HTMLElement>('main') ?? win.document.body;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

/** Whether an element other than the body has focus (one that a commit removed gives it back to the body). */
export function hasFocus(win: Window): boolean {
  const focused = win.document.activeElement;
  return focused !== null && focused !== win.document.body && focused !== win.document.documentElement;
}

/**
 * No prefetching for crawlers, with Save-Data, or on 2g connections. The browser tells a crawler by its own
 * user agent, so a shared page's HTML says nothing about its visitor. It uses isbot's naive pattern
 * (`bot|crawl|http|lighthouse|scan|search|spider`), a few bytes where isbot's full list would take kilobytes
 * of the runtime's client budget; the server's whole-page rendering for crawlers uses the full list
 * (server/request/is-crawler.ts). Headless Chromium ("HeadlessChrome") is no crawler here: it prefetches.
 */
export function canPrefetch(win: Window): boolean {
  const { userAgent, connection } = win.navigator as Navigator & {
    connection?: { saveData?: boolean; effectiveType?: string };
  };
  // effectiveType is 'slow-2g', '2g', '3g' or '4g'.
  return !isbotNaive(userAgent) && !connection?.saveData && !connection?.effectiveType?.endsWith('2g');
}

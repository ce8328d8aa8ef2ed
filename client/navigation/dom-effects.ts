import type { SsrPayload } from '../../shared/ui/ssr-payload.ts';

/** After a navigation: to the `#hash` target when there is one, else to the top. */
export function scrollToHashOrTop(win: Window, hash: string): void {
  const id = decodeURIComponent(hash.slice(1));
  const element = id ? win.document.getElementById(id) : null;
  if (element) element.scrollIntoView();
  else win.scrollTo(0, 0);
}

/** Moves focus to the new page, as a full load would, so keyboard and screen reader users start there. */
export function focusPage(win: Window): void {
  const main = win.document.querySelector<HTMLElement>('main') ?? win.document.body;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

/** No prefetching for crawlers, with Save-Data, or on 2g connections. */
export function canPrefetch(win: Window, payload: SsrPayload): boolean {
  const connection = (
    win.navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  if (payload.crawler || connection?.saveData) return false;
  return connection?.effectiveType !== '2g' && connection?.effectiveType !== 'slow-2g';
}

/** sessionStorage, or undefined where it is disabled (it throws on access then). */
export function safeSessionStorage(win: Window): Storage | undefined {
  try {
    return win.sessionStorage;
  } catch {
    return undefined;
  }
}

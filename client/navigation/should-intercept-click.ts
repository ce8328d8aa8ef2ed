import type { Locale, Locales } from '../../shared/routing/locale.ts';

export interface ClickFacts {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

export interface PageFacts {
  location: URL;
  basePath: string;
  locales: Locales;
  locale: Locale;
}

/**
 * Every rule for taking over a link click, in one place: a plain primary click, on a same-tab link without
 * `download`, to a URL the router loads itself (`handles`: `isRouterUrl`, and not a resource route).
 */
export function shouldInterceptClick(
  click: ClickFacts,
  anchor: Pick<HTMLAnchorElement, 'target' | 'hasAttribute'>,
  url: URL,
  handles: (url: URL) => boolean,
): boolean {
  return (
    click.button === 0 &&
    !click.defaultPrevented &&
    !click.metaKey &&
    !click.ctrlKey &&
    !click.shiftKey &&
    !click.altKey &&
    (anchor.target === '' || anchor.target === '_self') &&
    !anchor.hasAttribute('download') &&
    handles(url)
  );
}

/**
 * The rules on the URL alone, which prefetches, form posts and redirects follow too: same origin, inside
 * BASE_PATH, in the current locale (another locale is a full load, so `<html lang>` and every string
 * change cleanly), and not a jump within the current page (the browser scrolls).
 */
export function isRouterUrl(url: URL, page: PageFacts): boolean {
  const target = page.locales.parseAppPath(url.pathname, page.basePath);
  return (
    url.origin === page.location.origin &&
    target?.type === 'page' &&
    target.locale === page.locale &&
    !(url.hash !== '' && url.pathname === page.location.pathname && url.search === page.location.search)
  );
}

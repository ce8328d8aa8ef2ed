import { type AnchorHTMLAttributes, type MouseEvent, useContext, useEffect, useRef } from 'react';
import { buildHref } from '../routing/href.ts';
import type { Locale } from '../routing/locale.ts';
import { HOVER_PREFETCH_DELAY_MS, NavigationContext } from './navigation-context.ts';
import { useRouter } from './router-context.tsx';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** App path such as `/products/chef-knife`; base path and locale prefix are added. */
  to: string;
  /** Link to another locale's version of `to` (a full page load). */
  locale?: Locale;
}

/**
 * A real `<a href>` that respects BASE_PATH and the current locale, so it works with JavaScript off. Once
 * the client router runs, qualifying clicks navigate without a reload, and the target is prefetched when
 * the link nears the viewport, on hover (after a short rest), focus and touch.
 */
export function Link({
  to,
  locale,
  onClick,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onTouchStart,
  ...rest
}: LinkProps) {
  const router = useRouter();
  const navigator = useContext(NavigationContext);
  const anchor = useRef<HTMLAnchorElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const href = buildHref(router.basePath, locale ?? router.locale, to);

  useEffect(() => {
    if (!navigator || !anchor.current) return;
    const stopObserving = navigator.observe(anchor.current);
    return () => {
      stopObserving();
      clearTimeout(hoverTimer.current);
    };
  }, [navigator]);

  const prefetchNow = () => navigator?.prefetch(href);
  return (
    <a
      ref={anchor}
      href={href}
      hrefLang={locale}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        navigator?.onLinkClick(event);
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(prefetchNow, HOVER_PREFETCH_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        clearTimeout(hoverTimer.current);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetchNow();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetchNow();
      }}
      {...rest}
    />
  );
}

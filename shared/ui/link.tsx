import { type AnchorHTMLAttributes, type MouseEvent, useContext, useEffect, useRef } from 'react';
import type { LinkTarget } from '../routing/href.ts';
import { HOVER_PREFETCH_DELAY_MS, NavigationContext } from './navigation-context.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** `href('product', { id })` (base path and locale prefix included), or an external URL. */
  to: LinkTarget;
}

/**
 * A real `<a href>`, so it works with JavaScript off. Once
 * the client router runs, qualifying clicks navigate without a reload, and the target is prefetched when
 * the link nears the viewport, on hover (after a short rest), focus and touch.
 */
export function Link({
  to: href,
  onClick,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onTouchStart,
  ...rest
}: LinkProps) {
  const navigator = useContext(NavigationContext);
  const anchor = useRef<HTMLAnchorElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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

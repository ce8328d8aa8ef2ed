import { type AnchorHTMLAttributes, type MouseEvent, useContext, useEffect, useRef } from 'react';
import { type LinkTarget, urlOf } from '../routing/href.ts';
import type { Locale } from '../routing/locale.ts';
import { HOVER_PREFETCH_DELAY_MS, NavigationContext } from './navigation-context.ts';
import { useRouter } from './router-context.tsx';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** `href('product', { id })`, or an external URL. */
  to: LinkTarget;
  /** The page in another of the app's locales (`<Link to={href('home')} locale="fr">`); the page's by default. */
  locale?: Locale;
  /** Whether its navigation commits in a view transition; the app's `viewTransitions` by default. */
  viewTransition?: boolean;
}

/**
 * A real `<a href>`, so it works with JavaScript off; an app path gets the base path and the locale prefix
 * here (`urlOf`). Once the client router runs, qualifying clicks navigate without a reload, and the target
 * is prefetched when the link nears the viewport, on hover (after a short rest), focus and touch. A click
 * qualifies when it is a plain left click (no modifier key, not prevented) on a link without `download`
 * or another `target`, to a URL of this app; any other is the browser's own. Other props go to the `<a>`.
 *
 * @example
 * <Link to={href('product', { id: product.slug })}>{product.name}</Link>
 * <Link to={href('home')} locale="fr">Français</Link>
 */
export function Link({
  to,
  locale,
  viewTransition,
  onClick,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onTouchStart,
  ...rest
}: LinkProps) {
  const href = urlOf(to, useRouter(), locale);
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
        navigator?.onLinkClick(event, viewTransition);
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

import type { AnchorHTMLAttributes } from 'react';
import { buildHref } from '../routing/href.ts';
import type { Locale } from '../routing/locale.ts';
import { useRouter } from './router-context.tsx';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** App path such as `/products/chef-knife`; base path and locale prefix are added. */
  to: string;
  /** Link to another locale's version of `to` (a full page load). */
  locale?: Locale;
}

/** A real `<a href>` that respects BASE_PATH and the current locale, so it works with JavaScript off. */
export function Link({ to, locale, children, ...rest }: LinkProps) {
  const router = useRouter();
  const href = buildHref(router.basePath, locale ?? router.locale, to);
  return (
    <a href={href} hrefLang={locale} {...rest}>
      {children}
    </a>
  );
}

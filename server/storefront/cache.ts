import type { CachePolicies } from '../index.ts';

/** Pages every visitor sees alike: a shared cache may keep them a minute, and serve them stale for ten more while it asks again. */
const CATALOGUE = { sMaxAge: 60, staleWhileRevalidate: 600 };

/** The same, for sitemap.xml and robots.txt, which say their own headers. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * The storefront's caching: the catalogue and help pages are public; the header's cart count (the root's
 * data) is per visitor, so a shared page leaves it out and the browser asks for it. Cart, checkout and
 * orders have no policy: they are private.
 */
export const storefrontCache = {
  root: 'per-visitor',
  home: CATALOGUE,
  'shop-layout': CATALOGUE,
  shop: CATALOGUE,
  product: CATALOGUE,
  'help-layout': CATALOGUE,
  help: CATALOGUE,
  'help-article': CATALOGUE,
} satisfies CachePolicies;

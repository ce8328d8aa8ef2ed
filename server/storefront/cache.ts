import { type CachePolicies, publicCacheControl } from '../index.ts';

/**
 * Pages every visitor sees alike: a shared cache serves them for 10 s without asking (so a price changed in
 * the database shows within 10 s), then stale for up to 5 minutes while it asks again in the background; the
 * asking is cheap, since an unchanged page answers 304 without rendering.
 */
const CATALOGUE = { sMaxAge: 10, staleWhileRevalidate: 300 };

/** The same, for sitemap.xml and robots.txt, which say their own headers. */
export const CATALOGUE_CACHE_CONTROL = publicCacheControl(CATALOGUE);

/**
 * The storefront's caching: the catalogue and help pages are public; the root's data (the header's cart
 * count and account) is per visitor, so a shared page leaves it out and the browser asks for it once
 * hydrated. Cart, checkout, orders, account and the sign-in pages have no policy: they are private.
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

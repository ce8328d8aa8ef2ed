/**
 * How long shared caches may keep sitemap.xml and robots.txt, which say their own headers: a minute, then
 * stale for ten more while the cache asks again. The storefront's pages declare no cache policy yet: they are
 * private (see README, "Caching").
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

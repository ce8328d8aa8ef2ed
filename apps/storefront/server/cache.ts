import { publicCacheControl, type RequestContext, versionOfBuild } from '#runtime/server';
import { readCatalogueVersion } from './catalogue-version.ts';
import type { ShopServices } from './services.ts';

/**
 * Pages every visitor sees alike: a shared cache serves them for 10 s without asking (so a price changed in
 * the database shows within 10 s), then stale for up to 5 minutes while it asks again in the background.
 */
const SHARED = { sMaxAge: 10, staleWhileRevalidate: 300 };

/**
 * The catalogue's pages are made from its tables, whose every change bumps one number (migrations 0008 and
 * 0009), kept in memory while the database announces its bumps: an unchanged page's revalidation is a 304
 * without a query or a render.
 */
function catalogueVersion({ services, signal }: RequestContext<ShopServices>): Promise<string> {
  return readCatalogueVersion(services.db, { signal });
}

export const CATALOGUE = { ...SHARED, version: catalogueVersion };
/** The help centre is in the code: the build's id, part of every ETag, is its version. */
export const HELP = { ...SHARED, version: versionOfBuild };

/** The same, for sitemap.xml and robots.txt, which say their own headers. */
export const CATALOGUE_CACHE_CONTROL = publicCacheControl(SHARED);

import { typedHref } from '../routing/href.ts';
import type { SegmentId, SegmentPropsOf } from '../routing/route-types.ts';
import type { StorefrontLocale } from './locales.ts';
import type { storefrontRoutes } from './routes.ts';

export type StorefrontRoutes = typeof storefrontRoutes;

/** Every internal URL of the storefront: `href('product', { id })`, typed by the route tree and the locales. */
export const href = typedHref<StorefrontRoutes, StorefrontLocale>();

/** The shop page of a category path such as `kitchen/knives`. */
export function categoryHref(path: string, locale?: StorefrontLocale) {
  return href('shop', { category: path.split('/') }, { locale });
}

/**
 * Each segment's data, by segment id. Empty here: server/storefront/data-steps.ts fills it in from what
 * each data step returns, so the browser code never imports the server's.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging.
export interface StorefrontData {}

/** The props of a storefront segment's component: `Props<'product'>`. */
export type Props<Id extends SegmentId<StorefrontRoutes>> = SegmentPropsOf<
  StorefrontRoutes,
  StorefrontData,
  Id
>;

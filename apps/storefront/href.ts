import type { SegmentId, SegmentPropsOf } from '#runtime/shared';
import { href, type storefrontRoutes } from './routes.ts';

export { href };

export type StorefrontRoutes = typeof storefrontRoutes;

/** The shop page of a category path such as `kitchen/knives`. */
export function categoryHref(path: string) {
  return href('shop', { category: path.split('/') });
}

/**
 * Each segment's data, by segment id. Empty here: apps/storefront/server/data-steps.ts fills it in from what
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

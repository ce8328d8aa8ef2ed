import type { SegmentPropsOf } from '#runtime/shared';

/** The product-like page as an app on our runtime: one route with a parameter and a data step. */
export const productLikeRoutes = {
  id: 'root',
  children: [{ id: 'product', path: '/products/:sku', module: () => import('./product-route.tsx') }],
} as const;

/** Each segment's data, filled in from the data steps in server-app.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging.
export interface ProductLikeData {}

export type Props<Id extends 'product'> = SegmentPropsOf<typeof productLikeRoutes, ProductLikeData, Id>;

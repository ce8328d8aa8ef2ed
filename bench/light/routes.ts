import type { SegmentPropsOf } from '#runtime/shared';

/** The light page as an app on our runtime: one route with a data step, no layout of its own. */
export const lightRoutes = {
  id: 'root',
  children: [{ id: 'products', path: '/products', module: () => import('./products-page.tsx') }],
} as const;

/** Each segment's data, filled in from the data steps in server-app.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging.
export interface LightData {}

export type Props<Id extends 'products'> = SegmentPropsOf<typeof lightRoutes, LightData, Id>;

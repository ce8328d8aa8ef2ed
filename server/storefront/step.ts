import type { SegmentId } from '../../shared/routing/route-types.ts';
import type { StorefrontRoutes } from '../../shared/storefront/href.ts';
import type { DataStepOf } from '../data/data-step.ts';

/** A storefront segment's data step: params and search typed from the route tree, `Data` what it gives. */
export type Step<Id extends SegmentId<StorefrontRoutes>, Data> = DataStepOf<StorefrontRoutes, Id, Data>;

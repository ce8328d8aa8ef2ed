import type { SegmentId } from '../../shared/index.ts';
import type { StorefrontRoutes } from '../../shared/storefront/href.ts';
import type { ActionContext, ActionHandler, DataStepOf, RequestContext, ResourceHandler } from '../index.ts';
import type { ShopServices } from './services.ts';

/** A storefront segment's data step: params and search typed from the route tree, `Data` what it gives. */
export type Step<Id extends SegmentId<StorefrontRoutes>, Data> = DataStepOf<
  StorefrontRoutes,
  Id,
  Data,
  ShopServices
>;

/** Any storefront handler's request context: `services.db` is the shop's database. */
export type ShopContext = RequestContext<ShopServices>;
export type ShopAction = ActionHandler<ShopServices>;
export type ShopActionContext = ActionContext<ShopServices>;
export type ShopResource = ResourceHandler<ShopServices>;

import type {
  ActionContext,
  ActionHandler,
  DataStepOf,
  ProvidedTo,
  RequestContext,
  ResourceHandler,
} from '#runtime/server';
import type { SegmentId } from '#runtime/shared';
import type { StorefrontRoutes } from '../href.ts';
import type { SessionAccount } from './db/accounts.ts';
import type { ShopServices } from './services.ts';
import type { ShopSessionLookup } from './sessions.ts';
import type { VisitorLookup } from './visitor.ts';

/** What the storefront's middleware add to the context, by segment id (apps/storefront/server/middleware.ts). */
export interface ShopProvides {
  /**
   * Every handler: the request's session (the runtime's), and who is asking, looked up in the database the
   * first time a handler asks.
   */
  root: { session: ShopSessionLookup; visitor: VisitorLookup };
  /** Under `/account`: the signed-in account (anyone else never gets there). */
  account: { account: SessionAccount };
}

/** A storefront segment's data step: params and search typed from the route tree, `Data` what it gives. */
export type Step<Id extends SegmentId<StorefrontRoutes>, Data> = DataStepOf<
  StorefrontRoutes,
  Id,
  Data,
  ShopServices,
  ShopProvides
>;

/** What the handlers of a segment find in their context beyond the request's: its branch's middleware values. */
export type ProvidedAt<Id extends SegmentId<StorefrontRoutes>> = ProvidedTo<
  StorefrontRoutes,
  ShopProvides,
  Id
>;

/** Any storefront handler's request context: `services.db` is the shop's database. */
export type ShopContext = RequestContext<ShopServices>;
/** The context of every storefront handler: the request's, and `visitor()`. */
export type VisitorContext = ShopContext & ShopProvides['root'];
export type ShopAction = ActionHandler<ShopServices, ShopProvides['root']>;
export type ShopActionContext = ActionContext<ShopServices> & ShopProvides['root'];
export type ShopResource = ResourceHandler<ShopServices, ShopProvides['root']>;

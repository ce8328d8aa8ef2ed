import type { NotFound, Redirect } from '../../shared/routing/control-signals.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';
import type { BranchOf, ParamsOf, SegmentId } from '../../shared/routing/route-types.ts';
import type { RequestContext } from './request-context.ts';

/**
 * What a segment's middleware receives: the request's context (`RequestContext`) with its branch's params,
 * plus what the middleware above it added (`Above`).
 */
export type MiddlewareContext<Params = RouteParams, Services = unknown, Above = unknown> = Omit<
  RequestContext<Services>,
  'params'
> & { params: Params } & Above;

/**
 * A segment's server middleware. It runs before the data steps, actions and resource handlers of its branch,
 * outermost first, one after the other. It returns the values it adds to their context (an object), or
 * nothing; it returns or throws `redirect()` / `notFound()`, or throws `HttpError(status)`, to end the request.
 * Declare an app's with `MiddlewareOf`, which types what each adds.
 *
 * @example
 * const requireAccount: Middleware<{ account: Account }> = async ({ signedCookies, services }) => {
 *   const account = await services.accounts.bySession(signedCookies.session);
 *   if (!account) throw redirect(href('sign-in'), 303);
 *   return { account };
 * };
 */
export type Middleware<Added = void, Params = RouteParams, Services = unknown, Above = unknown> = (
  context: MiddlewareContext<Params, Services, Above>,
) => Added | Redirect | NotFound | Promise<Added | Redirect | NotFound>;

/**
 * A handler as a table of the whole app stores it, whatever its branch's middleware add to its context. Method
 * parameters are compared both ways (TypeScript's method bivariance), so a handler that expects
 * `context.account` fits, while one written for other services still does not.
 */
export type StoredHandler<Context, Result> = { handle(context: Context): Result }['handle'];

/**
 * Middleware keyed by segment id, as the server definition holds them: typed per app by `MiddlewareOf`, and
 * what each returns is checked when it runs.
 */
export type Middlewares<Services = unknown> = Readonly<
  Record<string, StoredHandler<MiddlewareContext<RouteParams, Services>, unknown>>
>;

/** `A | B` as `A & B`: a handler sees what every middleware of its branch added. `unknown` for none. */
type AllOf<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer All,
) => void
  ? All
  : never;

/**
 * What the middleware of a segment's branch (the segment and every one above it) add to the context of its
 * data step, actions and resource handler. `Provides` is the app's map from segment id to added values.
 */
export type ProvidedTo<Tree, Provides, Id extends SegmentId<Tree>> = AllOf<
  Provides[BranchOf<Tree, Id> & keyof Provides]
>;

/** What the middleware above a segment (not its own) add: what its own middleware sees. */
export type ProvidedAbove<Tree, Provides, Id extends SegmentId<Tree>> = AllOf<
  Provides[Exclude<BranchOf<Tree, Id>, Id> & keyof Provides]
>;

/** The middleware of one segment: what it adds (its `Provides` entry), typed with its params and what is above it. */
export type MiddlewareAt<Tree, Services, Provides, Id extends SegmentId<Tree>> = Middleware<
  Id extends keyof Provides ? Provides[Id] : void,
  ParamsOf<Tree, Id>,
  Services,
  ProvidedAbove<Tree, Provides, Id>
>;

/**
 * The middleware of one route tree, keyed by segment id. `Provides` maps a segment id to what its middleware
 * adds (`{ account: { account: Account } }`): that segment must have a middleware returning it, and every
 * handler below it sees it (`ProvidedTo`). Declare them with `satisfies MiddlewareOf<typeof routes, Services,
 * Provides>`; a key of `Provides` that names no segment is an error.
 *
 * @example
 * interface Provides {
 *   account: { account: Account };
 * }
 * const middleware = {
 *   account: async ({ signedCookies, services }) => {
 *     const account = await services.accounts.bySession(signedCookies.session);
 *     if (!account) throw redirect(href('sign-in'), 303);
 *     return { account };
 *   },
 * } satisfies MiddlewareOf<typeof routes, AppServices, Provides>;
 * // Below the `account` segment, data steps, actions and resources get `context.account`.
 */
export type MiddlewareOf<Tree, Services = unknown, Provides = unknown> = {
  readonly [Id in SegmentId<Tree>]?: MiddlewareAt<Tree, Services, Provides, Id>;
} & {
  readonly [Id in keyof Provides]-?: Id extends SegmentId<Tree>
    ? MiddlewareAt<Tree, Services, Provides, Id>
    : never;
};

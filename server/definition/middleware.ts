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
 * The answer below a middleware, as `next()` resolves with it: decided, not yet sent. Its status is final; its
 * headers can still change (the answer goes out once every middleware that called `next()` has returned).
 */
export interface AnswerHead {
  /** The status the answer is sent with (a page's, once its shell has rendered: a shell error's 500 too). */
  readonly status: number;
  /** The answer's headers, open until the outermost middleware returns. */
  readonly headers: AnswerHeaders;
}

/** An answer's headers before they are sent, by case-insensitive name (as the WHATWG `Headers`). */
export interface AnswerHeaders {
  /** The header's value; several values joined with `, `; undefined when it is not set. */
  get(name: string): string | undefined;
  has(name: string): boolean;
  set(name: string, value: string): void;
  /** Adds a value after the ones the header has (a list header: `Server-Timing`, `Vary`). */
  append(name: string, value: string): void;
  delete(name: string): void;
}

/**
 * Lets a middleware wrap what follows it: `await next(added)` adds `added` to the context below (as a returned
 * object would), runs the middleware below and the handler, and resolves with the answer's head once it is
 * decided; it rejects with what they threw unexpectedly (a control signal they threw is an answer: it resolves).
 */
export type Next<Added = void> = (added?: Added) => Promise<AnswerHead>;

/**
 * A segment's server middleware. It runs before the data steps, actions and resource handlers of its branch,
 * outermost first, one after the other. It returns the values it adds to their context (an object), or
 * nothing; it returns or throws `redirect()` / `notFound()`, or throws `HttpError(status)`, to end the request.
 * Or it wraps them: it calls `next()` (with the values it adds), then acts on the answer (status, headers,
 * time) or on the error `next()` rejects with. Declare an app's with `MiddlewareOf`, which types what each adds.
 *
 * @example
 * const requireAccount: Middleware<{ account: Account }> = async ({ signedCookies, services }) => {
 *   const account = await services.accounts.bySession(signedCookies.session);
 *   if (!account) throw redirect(href('sign-in'), 303);
 *   return { account };
 * };
 * const timed: Middleware = async (context, next) => {
 *   const started = performance.now();
 *   const answer = await next();
 *   answer.headers.append('Server-Timing', `total;dur=${(performance.now() - started).toFixed(1)}`);
 * };
 */
export type Middleware<Added = void, Params = RouteParams, Services = unknown, Above = unknown> = (
  context: MiddlewareContext<Params, Services, Above>,
  next: Next<Added>,
) => MiddlewareResult<Added> | Promise<MiddlewareResult<Added>>;

/** What a middleware returns: the values it adds, a control signal, or nothing (a wrapping one's `void`). */
// biome-ignore lint/suspicious/noConfusingVoidType: an async middleware that returns nothing is a Promise<void>
type MiddlewareResult<Added> = Added | Redirect | NotFound | void;

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
  Record<string, StoredMiddleware<MiddlewareContext<RouteParams, Services>>>
>;

/** A middleware as the server definition stores it (see StoredHandler), with its `next`. */
type StoredMiddleware<Context> = {
  handle(context: Context, next: (added?: unknown) => Promise<AnswerHead>): unknown;
}['handle'];

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

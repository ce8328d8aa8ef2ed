import type { ControlSignal } from '../../shared/routing/control-signals.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';
import type { ParamsOf, SearchOf, SegmentId } from '../../shared/routing/route-types.ts';
import type { ProvidedTo } from './middleware.ts';
import type { RequestContext } from './request-context.ts';

/**
 * What a segment's server data step receives: the request's context (`RequestContext`), its params typed,
 * its search value, and `parent()` for the data of the segment above.
 */
export interface DataStepContext<Params = RouteParams, Search = unknown, Services = unknown>
  extends Omit<RequestContext<Services>, 'params'> {
  /** The params captured by the segment's branch. */
  params: Params;
  /** What the segment's search reader read (`undefined` without one). */
  search: Search;
  /**
   * The data of the nearest segment above this one that has a data step (undefined without one). Every step
   * of a request starts at once; a step that needs its parent's result awaits this, explicitly.
   */
  parent(): Promise<unknown>;
}

/**
 * A segment's server-side data step. It returns the page's data (top-level promises are deferred and streamed
 * later), or returns/throws `redirect()` / `notFound()`, or throws `HttpError(status)`. `Added` is what the
 * middleware of its branch add to its context. The steps of a page run at once, on the server only; any
 * other error is a 500 shown by the nearest `ErrorComponent`, and reported.
 *
 * @example
 * const note: DataStepOf<typeof routes, 'note'> = async ({ params, services, signal }) => {
 *   const found = await findNote(services.db, params.id, { signal });
 *   if (!found) return notFound();
 *   // `comments` is a promise: deferred, streamed after the page.
 *   return { note: found, comments: loadComments(services.db, params.id) };
 * };
 */
export type DataStep<
  Data = unknown,
  Params = RouteParams,
  Search = unknown,
  Services = unknown,
  Added = unknown,
> = (
  context: DataStepContext<Params, Search, Services> & Added,
) => Data | ControlSignal | Promise<Data | ControlSignal>;

/**
 * Server data steps keyed by segment id, as the server definition holds them. Segments without one render
 * with `data: null`. Typed per app by `DataStepsOf`.
 */
// biome-ignore lint/suspicious/noExplicitAny: each step has its own data type; the table only stores them.
export type DataSteps = Readonly<Record<string, DataStep<any, any, any, any, any>>>;

/**
 * The data step of one segment of a tree, with its params and search value typed from the tree, and what the
 * middleware of its branch add (`Provides`: the app's map, see MiddlewareOf).
 */
export type DataStepOf<
  Tree,
  Id extends SegmentId<Tree>,
  Data = unknown,
  Services = unknown,
  Provides = unknown,
> = DataStep<Data, ParamsOf<Tree, Id>, SearchOf<Tree, Id>, Services, ProvidedTo<Tree, Provides, Id>>;

/**
 * The data steps of one route tree, keyed by its segment ids, each typed with its segment's params and
 * search value, and what its branch's middleware add. Declare them with `satisfies DataStepsOf<typeof routes>`
 * so each keeps its own data type.
 *
 * @example
 * const dataSteps = {
 *   notes: async ({ services }) => ({ notes: await services.notes.list() }),
 *   note: ({ params }) => ({ id: params.id }),
 * } satisfies DataStepsOf<typeof routes, AppServices>;
 */
export type DataStepsOf<Tree, Services = unknown, Provides = unknown> = {
  readonly [Id in SegmentId<Tree>]?: DataStepOf<Tree, Id, unknown, Services, Provides>;
};

/**
 * What each step gives its component: the data it returns, control signals aside, top-level promises kept.
 * Merge it into the app's data map, so `SegmentPropsOf` types each component's `data`.
 *
 * @example
 * declare module './routes.ts' {
 *   interface AppData extends DataOfSteps<typeof dataSteps> {}
 * }
 */
export type DataOfSteps<Steps> = {
  // biome-ignore lint/suspicious/noExplicitAny: matches any step; only its return type is read.
  [Id in keyof Steps]: Steps[Id] extends (...args: any[]) => infer Returned
    ? Exclude<Awaited<Returned>, ControlSignal>
    : never;
};

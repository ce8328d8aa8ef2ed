import type { ControlSignal } from '../../shared/routing/control-signals.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';
import type { ParamsOf, SearchOf, SegmentId } from '../../shared/routing/route-types.ts';
import type { ProvidedTo } from '../middleware/middleware.ts';
import type { RequestContext } from '../request-context.ts';

/** What a segment's server data step receives: the request's context, its params typed, and its own parts. */
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
 * middleware of its branch add to its context.
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

/** Server data steps keyed by segment id. Segments without one render with `data: null`. */
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
 */
export type DataStepsOf<Tree, Services = unknown, Provides = unknown> = {
  readonly [Id in SegmentId<Tree>]?: DataStepOf<Tree, Id, unknown, Services, Provides>;
};

/** What each step gives its component: the data it returns, control signals aside, top-level promises kept. */
export type DataOfSteps<Steps> = {
  // biome-ignore lint/suspicious/noExplicitAny: matches any step; only its return type is read.
  [Id in keyof Steps]: Steps[Id] extends (...args: any[]) => infer Returned
    ? Exclude<Awaited<Returned>, ControlSignal>
    : never;
};

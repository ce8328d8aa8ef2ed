import type { ControlSignal } from '../../shared/routing/control-signals.ts';
import type { ParamsOf, RouteId, SegmentId } from '../../shared/routing/route-types.ts';
import type { ActionHandler, RouteActions } from './action.ts';
import type { CachePolicy } from './cache-policy.ts';
import type { DataStep, DataStepOf } from './data-step.ts';
import type { MiddlewareAt, Middlewares, ProvidedTo } from './middleware.ts';
import type { ResourceHandler, ResourceHandlers } from './resource.ts';

/**
 * What a segment's server side may hold, each part typed from the route tree: its data step, its middleware,
 * its cache policy, and, for a leaf, its actions (by name) or its resource handler. A segment whose id is a
 * key of `Provides` must have the middleware that adds it.
 */
export type SegmentParts<Tree, Id extends SegmentId<Tree>, Services = unknown, Provides = unknown> = {
  /** Its data step (DataStep): what its component gets as `data`. */
  data?: DataStepOf<Tree, Id, unknown, Services, Provides>;
  /** How long shared caches may keep its pages (CachePolicy), or `per-visitor`; none: private. */
  cache?: CachePolicy | 'per-visitor';
  /** Its actions by name (the form's hidden `_action`); a leaf's only. */
  actions?: Id extends RouteId<Tree>
    ? Readonly<
        Record<
          string,
          ActionHandler<Services, ProvidedTo<Tree, Provides, Id> & { params: ParamsOf<Tree, Id> }>
        >
      >
    : never;
  /** The handler of a resource route (a leaf marked `resource: true`). */
  resource?: Id extends RouteId<Tree> ? ResourceHandler<Services, ProvidedTo<Tree, Provides, Id>> : never;
} & (Id extends keyof Provides
  ? { middleware: MiddlewareAt<Tree, Services, Provides, Id> }
  : { middleware?: MiddlewareAt<Tree, Services, Provides, Id> });

/** One segment's server parts as the server definition lists them (`segments`), whatever the app's types. */
export interface SegmentServer {
  readonly id: string;
  // biome-ignore lint/suspicious/noExplicitAny: each step has its own data type; the list only stores them.
  readonly data?: DataStep<any, any, any, any, any>;
  readonly cache?: CachePolicy | 'per-visitor';
  readonly actions?: RouteActions<unknown>[string];
  readonly resource?: ResourceHandlers<unknown>[string];
  readonly middleware?: Middlewares<unknown>[string];
}

/**
 * The function that declares one segment's server side, typed for an app's route tree, services and
 * middleware values (`Provides`): call it once per app, then once per segment with its id and its parts.
 * The result goes in the server definition's `segments` list, never in code the browser loads: put each in
 * a server-only file that only the app's server definition imports.
 *
 * @example
 * const segment = segmentServersOf<typeof routes, AppServices>();
 * export const noteServer = segment('note', {
 *   data: async ({ params, services }) => ({ note: await services.notes.find(params.id) }),
 *   actions: { rename: async ({ params, fields }) => … },
 *   cache: { sMaxAge: 60 },
 * });
 */
export function segmentServersOf<Tree, Services = unknown, Provides = unknown>() {
  return function defineSegmentServer<
    Id extends SegmentId<Tree>,
    const Parts extends SegmentParts<Tree, Id, Services, Provides>,
  >(id: Id, parts: Parts): Parts & { readonly id: Id } {
    return { ...parts, id };
  };
}

/**
 * What each segment of a list gives its component: its data step's data, control signals aside, top-level
 * promises kept. Merge it into the app's data map, so `SegmentPropsOf` types each component's `data`.
 *
 * @example
 * declare module './routes.ts' {
 *   interface AppData extends DataOfSegments<typeof segments> {}
 * }
 */
export type DataOfSegments<List extends readonly { readonly id: string }[]> = {
  [Segment in List[number] as Segment extends { data: AnyFunction }
    ? Segment['id']
    : never]: Segment extends {
    data: (...args: never[]) => infer Returned;
  }
    ? Exclude<Awaited<Returned>, ControlSignal>
    : never;
};

// biome-ignore lint/suspicious/noExplicitAny: matches any function; only its return type is read.
type AnyFunction = (...args: any[]) => unknown;

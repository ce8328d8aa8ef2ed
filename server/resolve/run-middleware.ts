import type { IncomingMessage } from 'node:http';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import { HttpError, NotFound, publicMessageOf, Redirect } from '../../shared/routing/control-signals.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';
import type { Middlewares } from '../definition/middleware.ts';
import type { RequestContext } from '../definition/request-context.ts';
import { untilAborted } from '../request/request-abort.ts';
import { requestOf } from '../request/request-context.ts';
import { isThenable } from './deferred-data.ts';

/** Why a request's middleware ended it; `undefined` (no stop) when every one passed. */
export type MiddlewareStop =
  | { type: 'redirect'; redirect: Redirect }
  /** `notFound()` (404) or a 4xx HttpError (`message`: its public message): expected, never reported. */
  | { type: 'refused'; status: number; message?: string }
  /** Anything else thrown (a 5xx HttpError too), a bad result, or the request's abort: the caller reports it. */
  | { type: 'failed'; error: unknown };

/** How a request's middleware ended: synchronously when every one of them did. */
type Verdict = MiddlewareStop | undefined | Promise<MiddlewareStop | undefined>;

/** A middleware the server definition holds, or what it returned, is not what the runtime can use. */
export class MiddlewareError extends Error {
  override readonly name = 'MiddlewareError';
}

interface Link {
  segmentId: string;
  run: Middlewares[string];
}

/** The middleware of one leaf's branch, outermost first. */
export type MiddlewareChain = readonly Link[];

/** How far a request's middleware got: what they added, and the stop if one ended the request. */
interface Passage {
  chain: MiddlewareChain;
  added: Record<string, unknown>;
  stop: MiddlewareStop | undefined;
  /** The root's own middleware stopped it: an error page's frame has no root data then. */
  rootStopped: boolean;
}

interface Ran {
  /** The index of the middleware that stopped the request; the chain's length when all passed. */
  at: number;
  stop: MiddlewareStop | undefined;
}

/**
 * The context keys the runtime sets (RequestContext, plus a data step's `parent` and `search` and an action's
 * `fields`): a middleware may not replace them. Change together with RequestContext
 * (tests/unit/run-middleware.test.ts compares them).
 */
export const RUNTIME_CONTEXT_KEYS: ReadonlySet<string> = new Set([
  'request',
  'url',
  'params',
  'locale',
  'urlOf',
  'cookies',
  'signedCookies',
  'setCookie',
  'headers',
  'signal',
  'services',
  'parent',
  'search',
  'fields',
]);

/**
 * The app's middleware, checked and arranged once at start: per leaf, the chain of its branch's middleware.
 * A request runs its chain at most once (an invalid form's page and an error page's frame reuse the run).
 */
export function createMiddlewareRunner(middleware: Middlewares, routes: CompiledRouteTable, root: RouteNode) {
  const links = linksOf(middleware, routes);
  const chains = chainsByLeaf(links, routes);
  const rootLink = links.get(root.id);
  const rootChain = rootLink ? [rootLink] : undefined;
  // Keyed by the request, so nothing outlives it (no module state: one map per app).
  const passages = new WeakMap<IncomingMessage, Passage>();

  function run(chain: MiddlewareChain, context: RequestContext): Verdict {
    const passage = passages.get(requestOf(context));
    if (passage?.chain === chain) {
      Object.assign(context, passage.added);
      return passage.stop;
    }
    const added: Record<string, unknown> = {};
    const finish = ({ at, stop }: Ran) => {
      const rootStopped = stop !== undefined && at === 0 && chain[0] === rootLink;
      passages.set(requestOf(context), { chain, added, stop, rootStopped });
      return stop;
    };
    const ran = runLinks(chain, context, added, 0);
    return isThenable(ran) ? ran.then(finish) : finish(ran);
  }

  return {
    /** The middleware of a leaf's branch; undefined when it has none, so such a request pays nothing. */
    chainOf: (leafId: string): MiddlewareChain | undefined => chains.get(leafId),
    /**
     * Runs a chain, adding what each middleware returns to `context` (synchronous when every middleware
     * is); a second run for the same request reuses the first's values and stop.
     */
    run,
    /**
     * For an error page's frame: only the root's middleware, or the request's run when there was one (the
     * failing branch's middleware below the root are not run again).
     */
    runRoot(context: RequestContext): Verdict {
      const passage = passages.get(requestOf(context));
      if (!passage) return rootChain ? run(rootChain, context) : undefined;
      if (passage.rootStopped) return passage.stop;
      Object.assign(context, passage.added);
      return undefined;
    },
  };
}

export type MiddlewareRunner = ReturnType<typeof createMiddlewareRunner>;

/** Each middleware of the server definition by segment id; an id the tree does not have fails at start. */
function linksOf(middleware: Middlewares, routes: CompiledRouteTable): Map<string, Link> {
  const links = new Map<string, Link>();
  for (const [segmentId, run] of Object.entries(middleware)) {
    if (!routes.byId(segmentId)) {
      throw new MiddlewareError(
        `Middleware for "${segmentId}": the route tree has no segment with that id; key middleware by a segment id of the tree`,
      );
    }
    if (typeof run !== 'function') {
      throw new MiddlewareError(`Middleware for "${segmentId}" is a ${typeof run}, not a function`);
    }
    links.set(segmentId, { segmentId, run });
  }
  return links;
}

/** Per leaf, the middleware of its branch, outermost first; a leaf whose branch has none is left out. */
function chainsByLeaf(links: Map<string, Link>, routes: CompiledRouteTable): Map<string, MiddlewareChain> {
  const chains = new Map<string, MiddlewareChain>();
  for (const { definition } of routes.routes) {
    const chain = (routes.branchOf(definition.id) ?? []).flatMap(({ node }) => links.get(node.id) ?? []);
    if (chain.length > 0) chains.set(definition.id, chain);
  }
  return chains;
}

/**
 * Runs the chain from `from` one after another, each after the one above has settled, so each sees what the
 * ones above added. No promise unless a middleware returns one; an abort of the request ends the wait.
 */
function runLinks(
  chain: MiddlewareChain,
  context: RequestContext,
  added: Record<string, unknown>,
  from: number,
): Ran | Promise<Ran> {
  for (let at = from; at < chain.length; at += 1) {
    const link = chain[at] as Link;
    if (context.signal.aborted) return { at, stop: { type: 'failed', error: context.signal.reason } };
    let returned: unknown;
    try {
      returned = link.run(context);
    } catch (error) {
      return { at, stop: stopOf(error) };
    }
    if (isThenable(returned)) {
      return untilAborted(returned, context.signal).then(
        (value) => {
          const stop = apply(link, value, context, added);
          return stop ? { at, stop } : runLinks(chain, context, added, at + 1);
        },
        (error: unknown) => ({ at, stop: stopOf(error) }),
      );
    }
    const stop = apply(link, returned, context, added);
    if (stop) return { at, stop };
  }
  return { at: chain.length, stop: undefined };
}

/** Adds what a middleware returned to the context, or says how it ended the request. */
function apply(
  link: Link,
  value: unknown,
  context: RequestContext,
  added: Record<string, unknown>,
): MiddlewareStop | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Redirect || value instanceof NotFound) return stopOf(value);
  if (typeof value !== 'object' || Array.isArray(value)) {
    const error = new MiddlewareError(
      `Middleware of "${link.segmentId}" returned ${Array.isArray(value) ? 'an array' : typeof value}: return an object of the values it adds, redirect(), notFound() or nothing`,
    );
    return { type: 'failed', error };
  }
  const taken = Object.keys(value).find((key) => RUNTIME_CONTEXT_KEYS.has(key));
  if (taken !== undefined) {
    const error = new MiddlewareError(
      `Middleware of "${link.segmentId}" returned "${taken}", which the runtime sets on the request context: add it under another name`,
    );
    return { type: 'failed', error };
  }
  Object.assign(context, value);
  Object.assign(added, value);
  return undefined;
}

/** What a thrown (or returned) value means, as for data steps: control signals and 4xx are expected. */
function stopOf(error: unknown): MiddlewareStop {
  if (error instanceof Redirect) return { type: 'redirect', redirect: error };
  if (error instanceof NotFound) return { type: 'refused', status: 404 };
  if (error instanceof HttpError && error.status < 500) {
    return { type: 'refused', status: error.status, message: publicMessageOf(error) };
  }
  return { type: 'failed', error };
}

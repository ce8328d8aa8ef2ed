import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import { HttpError, NotFound, publicMessageOf, Redirect } from '../../shared/routing/control-signals.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';
import type { Middlewares } from '../definition/middleware.ts';
import type { RequestContext } from '../definition/request-context.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { untilAborted } from '../request/request-abort.ts';
import { requestOf } from '../request/request-context.ts';
import { isThenable } from './deferred-data.ts';
import { createWrapping, type Waiting, type Wrapping } from './middleware-wrapping.ts';

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

type Link = { segmentId: string; run: Middlewares[string] };

/** The middleware of one leaf's branch, outermost first. */
export type MiddlewareChain = readonly Link[];

/** How far a request's middleware got: what they added, and the stop if one ended the request. */
interface Passage {
  chain: MiddlewareChain;
  state: RunState;
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
  'after',
  'parent',
  'search',
  'fields',
]);

/**
 * The app's middleware, checked and arranged once at start: per leaf, the chain of its branch's middleware.
 * A request runs its chain at most once (an invalid form's page and an error page's frame reuse the run).
 */
export function createMiddlewareRunner(
  middleware: Middlewares,
  routes: CompiledRouteTable,
  root: RouteNode,
  reportError: ReportError,
) {
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
    const state = new RunState(chain, context, reportError);
    const finish = ({ at, stop }: Ran) => {
      const rootStopped = stop !== undefined && at === 0 && chain[0] === rootLink;
      passages.set(requestOf(context), { chain, added: state.added, stop, rootStopped, state });
      return stop;
    };
    step(state, 0, undefined);
    return state.ran ? finish(state.ran) : state.verdict().then(finish);
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
    /**
     * What to answer for an unexpected error below the request's middleware: the `next()` they wait on
     * rejects with it, and what the outermost throws instead (an HttpError, a redirect) is the answer.
     * Without a middleware that called `next()`, the error as it is: synchronously.
     */
    failed(context: RequestContext, error: unknown): MiddlewareStop | Promise<MiddlewareStop> {
      const wrapping = passages.get(requestOf(context))?.state.wrapping;
      return wrapping ? wrapping.failed(error).then(stopOf) : stopOf(error);
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

/** One run of a chain for a request: what its middleware added, how far it got, and its onion if any. */
class RunState {
  readonly added: Record<string, unknown> = {};
  /** Set once the chain has reached the handler, or a middleware stopped it. */
  ran: Ran | undefined;
  /** Made by the first middleware that calls `next()`. */
  wrapping: Wrapping | undefined;
  #onReached: ((ran: Ran) => void) | undefined;

  constructor(
    readonly chain: MiddlewareChain,
    readonly context: RequestContext,
    readonly reportError: ReportError,
  ) {}

  reach(ran: Ran): void {
    if (this.ran) return;
    this.ran = ran;
    this.#onReached?.(ran);
  }

  verdict(): Promise<Ran> {
    return new Promise((resolve) => {
      this.#onReached = resolve;
    });
  }

  wrap(): Wrapping {
    const request = requestOf(this.context) as Request;
    this.wrapping ??= createWrapping(request.res as Response, this.context.signal, this.reportError);
    return this.wrapping;
  }
}

/**
 * Runs the chain from `from` one after another, each after the one above has settled, so each sees what the
 * ones above added; a middleware that calls `next()` runs the rest from there and wraps it (`outer` is the
 * `next()` of the middleware around this part). No promise unless a middleware returns one; an abort of the
 * request ends the wait for one that has not called `next()`.
 *
 * long function: each middleware's three ways to go on (returned at once, later, or through `next()`) read
 * best side by side.
 */
function step(state: RunState, from: number, outer: Waiting | undefined): void {
  const { chain, context } = state;
  for (let at = from; at < chain.length; at += 1) {
    const link = chain[at] as Link;
    if (context.signal.aborted)
      return state.reach({ at, stop: { type: 'failed', error: context.signal.reason } });
    let waiting: Waiting | undefined;
    const next = (values?: unknown) => {
      if (waiting || state.ran) {
        throw new MiddlewareError(
          `Middleware of "${link.segmentId}" called next() ${waiting ? 'twice' : 'after its request went on without it'}`,
        );
      }
      const stop = apply(link, values, context, state.added, 'next');
      if (stop)
        throw stop.type === 'failed' ? stop.error : new MiddlewareError(`${link.segmentId}: ${NEXT_VALUES}`);
      waiting = state.wrap().wait();
      step(state, at + 1, waiting);
      return waiting.promise;
    };
    let returned: unknown;
    try {
      returned = link.run(context, next);
    } catch (error) {
      if (waiting) return state.wrap().ended(waiting, Promise.reject(error), outer, link.segmentId);
      return state.reach({ at, stop: stopOf(error) });
    }
    if (waiting) return state.wrap().ended(waiting, Promise.resolve(returned), outer, link.segmentId);
    if (isThenable(returned)) {
      const ended = Promise.resolve(returned);
      untilAborted(ended, context.signal).then(
        (value) => {
          if (waiting) return state.wrap().ended(waiting, ended, outer, link.segmentId);
          const stop = apply(link, value, context, state.added, 'return');
          return stop ? state.reach({ at, stop }) : step(state, at + 1, outer);
        },
        (error: unknown) => {
          if (waiting) return state.wrap().ended(waiting, ended, outer, link.segmentId);
          state.reach({ at, stop: stopOf(error) });
        },
      );
      return;
    }
    const stop = apply(link, returned, context, state.added, 'return');
    if (stop) return state.reach({ at, stop });
  }
  state.reach({ at: chain.length, stop: undefined });
}

const NEXT_VALUES = 'next() takes the object of values the middleware adds, or nothing';

/** Adds what a middleware returned to the context, or says how it ended the request. */
function apply(
  link: Link,
  value: unknown,
  context: RequestContext,
  added: Record<string, unknown>,
  how: 'return' | 'next',
): MiddlewareStop | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Redirect || value instanceof NotFound) return stopOf(value);
  if (typeof value !== 'object' || Array.isArray(value)) {
    const error = new MiddlewareError(
      `Middleware of "${link.segmentId}" ${how === 'next' ? 'passed next()' : 'returned'} ${Array.isArray(value) ? 'an array' : typeof value}: ${how === 'next' ? NEXT_VALUES : 'return an object of the values it adds, redirect(), notFound() or nothing'}`,
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

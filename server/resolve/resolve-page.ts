import type { Request, Response } from 'express';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import type { Locales } from '../../shared/routing/locale.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import type { RouteNode, SegmentModule } from '../../shared/routing/route-table.ts';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import { branchPolicy, type CachePolicies, type RoutePolicy } from '../definition/cache-policy.ts';
import type { DataSteps } from '../definition/data-step.ts';
import type { ObservedKind } from '../definition/instrumentation.ts';
import { type PrerenderedPage, prerenderedKey } from '../definition/prerendered-pages.ts';
import type { CreateRequestContext, RequestContext } from '../definition/request-context.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import { nameByRoute, type ReportError } from '../monitoring/report-error.ts';
import { factsOf, type PageRequest } from '../request/page-request.ts';
import { reportThrown } from '../request/report-thrown.ts';
import { type RequestAbort, untilAborted } from '../request/request-abort.ts';
import { decideByVersions, decideCaching } from './caching-decision.ts';
import { decide, statusOf } from './decide-page.ts';
import { isThenable } from './deferred-data.ts';
import { createModuleCache } from './module-cache.ts';
import type { PageResolution } from './page-resolution.ts';
import { NO_SEARCH, readBranchSearch, type SearchReading } from './read-search.ts';
import { type Outcome, runDataSteps } from './run-data-steps.ts';
import type { MiddlewareRunner, MiddlewareStop } from './run-middleware.ts';
export interface ResolvePageOptions {
  /** BASE_PATH, for the redirects of normalised searches. */
  basePath: string;
  createRequestContext: CreateRequestContext;
  /** The app's locales, for the same redirects. */
  locales: Locales;
  routes: CompiledRouteTable;
  dataSteps: DataSteps;
  /** The app's middleware, run before the data steps of their branch. */
  middleware: MiddlewareRunner;
  monitoring: Monitoring;
  /** Reports an unexpected error that a segment's error component shows (it never reaches Express). */
  reportError: ReportError;
  /** The root layout, which frames error pages too. */
  root: RouteNode;
  /** The app's cache policies by segment id. */
  cachePolicies: CachePolicies;
  /** The build's prerendered pages (prerenderedKey); a document of one still current is its file. */
  prerendered?: ReadonlyMap<string, PrerenderedPage>;
}

/**
 * Matches the app path, then loads every segment module of the matched branch and starts every segment's
 * data step at once (one AbortSignal for all). The first segment (root first) that did not give data decides:
 * a redirect, or the nearest not-found or error component at or above it, shown inside the segments above;
 * with no such component, a 404/4xx resolution, or the error thrown for Express's error handler (500).
 */
export function createPageResolver(options: ResolvePageOptions) {
  const loadModule = createModuleCache();
  return { resolvePage: pageResolver(options, loadModule), resolveFrame: frameResolver(options, loadModule) };
}

type LoadModule = ReturnType<typeof createModuleCache>;

function frameResolver(options: ResolvePageOptions, loadModule: LoadModule) {
  const { dataSteps, middleware, reportError, root } = options;
  /**
   * The root layout around an error page: its segment with its data, or none when its data step did not
   * give data (the error page then renders without the layout), never a rejection. Of the middleware, only
   * the root's run for it (or the request's run is reused): the failing branch's are not run again.
   */
  return async function resolveFrame(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    abort: RequestAbort,
  ): Promise<ShownSegment[]> {
    const context = options.createRequestContext(request, response, factsOf(pageRequest, {}, abort));
    try {
      const ran = middleware.runRoot(context);
      const stop = isLoaded(ran) ? ran : await ran;
      if (stop?.type === 'failed') throw stop.error;
      if (stop) return [];
      const [module, outcome] = await untilAborted(
        Promise.all([loadModule(root), ...runDataSteps([{ node: root, params: [] }], dataSteps, context)]),
        abort.signal,
      );
      if (outcome?.type === 'data') return [{ state: { id: root.id, data: outcome.data }, module }];
      if (outcome?.type === 'failed' && statusOf(outcome) >= 500)
        reportError(outcome.error, request, 'data-step');
    } catch (error) {
      if (!abort.aborted) reportError(error, request);
    }
    return [];
  };
}

/** Each route's cache policy, worked out on its first request. */
function routePolicies(cachePolicies: CachePolicies) {
  const policies = new Map<string, RoutePolicy | undefined>();
  return function policyOf(routeId: string, branch: readonly MatchedSegment[]) {
    if (!policies.has(routeId)) {
      policies.set(
        routeId,
        branchPolicy(
          branch.map(({ node }) => node.id),
          cachePolicies,
        ),
      );
    }
    return policies.get(routeId);
  };
}

/**
 * Resolves a page request: match, search, middleware (which may wrap the rest), then the branch's data.
 *
 * long function: the resolver and the branch resolution it wraps share the resolver's options.
 */
function pageResolver(options: ResolvePageOptions, loadModule: LoadModule) {
  const { routes, dataSteps, basePath, locales, monitoring, reportError } = options;
  const policyOf = routePolicies(options.cachePolicies);
  return async function resolvePage(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    abort: RequestAbort,
    /** A data answer's kept segment ids; none for a document (a shared one leaves per-visitor ones out). */
    keep?: ReadonlySet<string>,
    /** The representation's parts of its ETag (caller's); none: no caching is decided (an action's page). */
    made?: readonly unknown[],
  ): Promise<PageResolution> {
    const match = routes.match(pageRequest.appPath);
    if (!match) return { type: 'error', status: 404 };
    nameByRoute(request, monitoring, routes.pathOf(match.route.id), pageRequest.locale, match.route.id);
    const { resource } = match.route;
    const reading = resource ? NO_SEARCH : readBranchSearch(match.branch, pageRequest, basePath, locales);
    if (reading.type !== 'read') return reading;

    const requestFacts = factsOf(pageRequest, match.params, abort);
    const context = options.createRequestContext(request, response, requestFacts);
    // Before any data step or resource handler of the branch, kept segments' included: guards never skip.
    const chain = options.middleware.chainOf(match.route.id);
    const matched = { match, reading, context, abort, pageRequest, keep, made, wrapped: chain !== undefined };
    if (!chain) return resolveBranch(request, response, matched);
    const ran = options.middleware.run(chain, context);
    const stop = isLoaded(ran) ? ran : await ran;
    let failedStep: ObservedKind = 'middleware';
    try {
      if (stop?.type === 'failed') throw stop.error;
      if (stop) return stoppedPage(stop, context.urlOf);
      failedStep = 'data-step';
      return await resolveBranch(request, response, matched);
    } catch (error) {
      // The middleware that wrap the request (`next()`) may answer an unexpected error otherwise: only one they
      // leave is reported, as the failure of the step it came from.
      const answered = await options.middleware.failed(context, error);
      if (answered.type === 'failed') reportThrown(answered.error, request, failedStep, reportError);
      return stoppedPage(answered, context.urlOf);
    }
  };

  /** The matched branch once its middleware let it through: its data steps and what they decide. */
  async function resolveBranch(
    request: Request,
    response: Response,
    { match, reading, context, abort, pageRequest, keep, made, wrapped }: Matched,
  ): Promise<PageResolution> {
    if (match.route.resource)
      return { type: 'resource', routeId: match.route.id, params: match.params, context };
    const policy = policyOf(match.route.id, match.branch);
    const shared = keep === undefined && (request.method === 'GET' || request.method === 'HEAD');
    const left = keep ?? (shared ? policy?.perVisitor : undefined);
    const ids = made && [...made, match.route.id];
    const { version, etag, notModified } = ids
      ? await decideByVersions(request, response, { policy, left, context, made: ids })
      : {};
    if (notModified) return { type: 'not-modified', caching: notModified };
    const prerendered = keep === undefined && prerenderedOf(options, pageRequest, etag);
    if (prerendered) return { type: 'prerendered', page: prerendered };
    const outcomes = runDataSteps(match.branch, dataSteps, context, left, reading.values);
    const modules = match.branch.map(({ node }) => loadModule(node));
    const settling = settle(modules, outcomes, abort);
    // No await when nothing is pending: each promise costs under load (see request-handler.ts).
    const settled = isLoaded(settling) ? settling : await settling;
    let resolution: PageResolution;
    try {
      resolution = decide(match.branch, settled.modules, settled.outcomes, {
        policy,
        version,
        searchValues: reading.values,
        routeId: match.route.id,
        params: match.params,
        pageRequest,
        urlOf: context.urlOf,
        onFailure: (error) => reportError(error, request, 'data-step'),
      });
    } catch (error) {
      // A failed step with no error component to show it: the 500 page, unless the middleware that wrap the
      // request answer it otherwise (the resolver reports what they leave).
      if (wrapped) throw error;
      return reportThrown(error, request, 'data-step', reportError);
    }
    if (resolution.type === 'page' && ids) {
      resolution.caching = await decideCaching(request, response, { ...resolution, made: ids });
    }
    return resolution;
  }
}

/** A request whose route matched, as the resolution of its branch needs it. */
interface Matched {
  match: NonNullable<ReturnType<CompiledRouteTable['match']>>;
  reading: Extract<SearchReading, { type: 'read' }>;
  context: RequestContext;
  abort: RequestAbort;
  pageRequest: PageRequest;
  keep: ReadonlySet<string> | undefined;
  made: readonly unknown[] | undefined;
  /** Middleware run around it: its failures go up to them. */
  wrapped: boolean;
}

/**
 * The document's prerendered page, when there is one for its URL (no search) and it is current: its ETag is
 * the one the segments' versions give now (`etag`, none when something read makes the answer private), so
 * its data has not moved since it was made.
 */
function prerenderedOf(
  { prerendered }: ResolvePageOptions,
  pageRequest: PageRequest,
  etag: string | undefined,
): PrerenderedPage | undefined {
  if (!prerendered || etag === undefined || pageRequest.search !== '') return undefined;
  const page = prerendered.get(prerenderedKey(pageRequest.locale, pageRequest.appPath));
  return page?.etag === etag ? page : undefined;
}

/** The answer of a request its middleware ended: a redirect, an error status, or the failure thrown on. */
function stoppedPage(stop: MiddlewareStop, urlOf: RequestContext['urlOf']): PageResolution {
  switch (stop.type) {
    case 'redirect':
      return { type: 'redirect', location: urlOf(stop.redirect.location), status: stop.redirect.status };
    case 'refused':
      return { type: 'error', status: stop.status, message: stop.message };
    case 'failed':
      throw stop.error;
  }
}

/**
 * The segments' modules and data outcomes. The common case, loaded modules and synchronous steps, waits on
 * nothing; otherwise modules and data arrive in parallel, and an abort stops the wait.
 */
function settle(
  modules: (SegmentModule | Promise<SegmentModule>)[],
  outcomes: (Outcome | Promise<Outcome>)[],
  abort: RequestAbort,
):
  | { modules: SegmentModule[]; outcomes: Outcome[] }
  | Promise<{ modules: SegmentModule[]; outcomes: Outcome[] }> {
  if (!abort.aborted && modules.every(isLoaded) && outcomes.every(isLoaded)) {
    return { modules: modules as SegmentModule[], outcomes: outcomes as Outcome[] };
  }
  return untilAborted(
    Promise.all([Promise.all(modules), Promise.all(outcomes)]).then(([loaded, results]) => ({
      modules: loaded,
      outcomes: results,
    })),
    abort.signal,
  );
}

export type ResolvePage = ReturnType<typeof createPageResolver>['resolvePage'];
export type ResolveFrame = ReturnType<typeof createPageResolver>['resolveFrame'];

function isLoaded<T>(value: T | PromiseLike<T>): value is T {
  return !isThenable(value);
}

import type { Request, Response } from 'express';
import type { CompiledRouteTable } from '../../shared/routing/compile-routes.ts';
import { HttpError, Redirect } from '../../shared/routing/control-signals.ts';
import { buildHref } from '../../shared/routing/href.ts';
import type { Locales } from '../../shared/routing/locale.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import type { Head, RouteNode, RouteParams, SegmentModule } from '../../shared/routing/route-table.ts';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import { branchPolicy, type CachePolicies, type CachePolicy } from '../caching/cache-policy.ts';
import type { DataSteps } from '../data/data-step.ts';
import { isThenable } from '../data/deferred-data.ts';
import { readSearch } from '../data/read-search.ts';
import { type Outcome, runDataSteps } from '../data/run-data-steps.ts';
import { hasUnacceptableSearch } from '../data/url-text.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import { type ReportError, setRouteFacts } from '../monitoring/report-error.ts';
import { errorHead } from '../render/error-head.ts';
import type { CreateRequestContext, RequestContext } from '../request-context.ts';
import { factsOf, type PageRequest } from './page-request.ts';
import { untilAborted } from './request-abort.ts';

/** What a page request comes to, for the HTML render and the data endpoint alike. */
export type PageResolution =
  | {
      type: 'page';
      /** The matched leaf. */
      routeId: string;
      params: RouteParams;
      /** Root first; a boundary segment (error or not found) is the last one shown. */
      segments: ShownSegment[];
      /** Indices of the segments the browser keeps (their states here are placeholders); none for documents. */
      kept: ReadonlySet<number>;
      head: Head;
      /** A kept segment decides the head: the browser keeps the one on screen. */
      headKept: boolean;
      /** 200; 404 or the error's status when a boundary is shown. */
      status: number;
      /** The route's cache policy (the strictest of its branch), none when it is private. */
      policy: CachePolicy | undefined;
    }
  /** A resource route: its handler answers (no data steps, no document). */
  | { type: 'resource'; routeId: string; params: RouteParams }
  /** `location` is final: base path and locale prefix added to an app path (`urlOf`), or external. */
  | { type: 'redirect'; location: string; status: number }
  /** An expected failure above every boundary (404 from notFound() or no match, 4xx from HttpError). */
  | { type: 'error'; status: number };

export interface ResolvePageOptions {
  /** BASE_PATH, for the redirects of normalised searches. */
  basePath: string;
  createRequestContext: CreateRequestContext;
  /** The app's locales, for the same redirects. */
  locales: Locales;
  routes: CompiledRouteTable;
  dataSteps: DataSteps;
  monitoring: Monitoring;
  /** Reports an unexpected error that a segment's error component shows (it never reaches Express). */
  reportError: ReportError;
  /** The root layout, which frames error pages too. */
  root: RouteNode;
  /** The app's cache policies by segment id. */
  cachePolicies: CachePolicies;
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
  const { dataSteps, reportError, root } = options;
  /**
   * The root layout around an error page: its segment with its data, or none when its data step did not
   * give data (the error page then renders without the layout), never a rejection.
   */
  return async function resolveFrame(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    signal: AbortSignal,
  ): Promise<ShownSegment[]> {
    const context = options.createRequestContext(request, response, factsOf(pageRequest, {}, signal));
    try {
      const [module, outcome] = await untilAborted(
        Promise.all([loadModule(root), ...runDataSteps([{ node: root, params: [] }], dataSteps, context)]),
        signal,
      );
      if (outcome?.type === 'data') return [{ state: { id: root.id, data: outcome.data }, module }];
      if (outcome?.type === 'failed' && statusOf(outcome) >= 500) reportError(outcome.error, request);
    } catch (error) {
      if (!signal.aborted) reportError(error, request);
    }
    return [];
  };
}

function pageResolver(options: ResolvePageOptions, loadModule: LoadModule) {
  const { routes, dataSteps, basePath, locales, monitoring, reportError } = options;
  const policies = new Map<string, CachePolicy | undefined>();
  const policyOf = (routeId: string, branch: readonly MatchedSegment[]) => {
    if (!policies.has(routeId))
      policies.set(
        routeId,
        branchPolicy(
          branch.map(({ node }) => node.id),
          options.cachePolicies,
        ),
      );
    return policies.get(routeId);
  };
  return async function resolvePage(
    request: Request,
    response: Response,
    pageRequest: PageRequest,
    signal: AbortSignal,
    /** Ids of the segments the browser shows with data it keeps (a client navigation's or revalidation's data answer). */
    keep: ReadonlySet<string> = new Set(),
  ): Promise<PageResolution> {
    const match = routes.match(pageRequest.appPath);
    if (!match) return { type: 'error', status: 404 };
    // Transactions and error reports are grouped by route pattern, never by raw URL.
    const routePattern = `${request.method === 'HEAD' ? 'GET' : request.method} ${routes.pathOf(match.route.id)}`;
    monitoring.nameTransaction(routePattern);
    setRouteFacts(request, { routePattern, locale: pageRequest.locale });
    if (match.route.resource) return { type: 'resource', routeId: match.route.id, params: match.params };
    if (hasUnacceptableSearch(pageRequest.search)) return { type: 'error', status: 400 };
    const reading = readSearch(match.branch, pageRequest.search);
    if (reading.type === 'invalid') return { type: 'error', status: 400 };
    if (reading.type === 'normalize') {
      const prefix = locales.prefixOf(pageRequest.locale);
      const location = `${buildHref(basePath, prefix, pageRequest.appPath)}${reading.search}`;
      return { type: 'redirect', location, status: 308 };
    }

    const context = options.createRequestContext(
      request,
      response,
      factsOf(pageRequest, match.params, signal),
    );
    const outcomes = runDataSteps(match.branch, dataSteps, context, keep, reading.values);
    const settling = settle(
      match.branch.map(({ node }) => loadModule(node)),
      outcomes,
      signal,
    );
    // No await when nothing is pending: each promise costs under load (see request-handler.ts).
    const settled = isLoaded(settling) ? settling : await settling;
    const policy = policyOf(match.route.id, match.branch);
    return decide(match.branch, settled.modules, settled.outcomes, {
      policy,
      searchValues: reading.values,
      routeId: match.route.id,
      params: match.params,
      pageRequest,
      urlOf: context.urlOf,
      onFailure: (error) => reportError(error, request),
    });
  };
}

/**
 * The segments' modules and data outcomes. The common case, loaded modules and synchronous steps, waits on
 * nothing; otherwise modules and data arrive in parallel, and an abort stops the wait.
 */
function settle(
  modules: (SegmentModule | Promise<SegmentModule>)[],
  outcomes: (Outcome | Promise<Outcome>)[],
  signal: AbortSignal,
):
  | { modules: SegmentModule[]; outcomes: Outcome[] }
  | Promise<{ modules: SegmentModule[]; outcomes: Outcome[] }> {
  if (!signal.aborted && modules.every(isLoaded) && outcomes.every(isLoaded)) {
    return { modules: modules as SegmentModule[], outcomes: outcomes as Outcome[] };
  }
  return untilAborted(
    Promise.all([Promise.all(modules), Promise.all(outcomes)]).then(([loaded, results]) => ({
      modules: loaded,
      outcomes: results,
    })),
    signal,
  );
}

export type ResolvePage = ReturnType<typeof createPageResolver>['resolvePage'];
export type ResolveFrame = ReturnType<typeof createPageResolver>['resolveFrame'];

/** One import per segment module for the process; once loaded, taken as is (no promise per request). */
function createModuleCache() {
  const pending = new Map<string, Promise<SegmentModule>>();
  const loaded = new Map<string, SegmentModule>();
  const empty: SegmentModule = {};
  return function loadModule(node: RouteNode): SegmentModule | Promise<SegmentModule> {
    if (!node.module) return empty;
    const module = loaded.get(node.id);
    if (module) return module;
    let loading = pending.get(node.id);
    if (!loading) {
      loading = node.module();
      loading.then(
        (value) => loaded.set(node.id, value),
        () => pending.delete(node.id),
      );
      pending.set(node.id, loading);
    }
    return loading;
  };
}

function isLoaded<T>(value: T | PromiseLike<T>): value is T {
  return !isThenable(value);
}

interface DecideContext {
  policy: CachePolicy | undefined;
  searchValues: readonly unknown[];
  routeId: string;
  params: RouteParams;
  pageRequest: PageRequest;
  /** The request context's: where a redirect's app path gets the base path and the locale prefix. */
  urlOf: RequestContext['urlOf'];
  onFailure: (error: unknown) => void;
}

/** Turns the settled outcomes into the page, a boundary inside its parents, a redirect or an error. */
function decide(
  branch: readonly MatchedSegment[],
  modules: SegmentModule[],
  outcomes: Outcome[],
  { policy, searchValues, routeId, params, pageRequest, urlOf, onFailure }: DecideContext,
): PageResolution {
  const segments: ShownSegment[] = [];
  // The deepest segment with a `head` decides it; when that one is kept, so is the head on screen.
  let head: Head = { title: '' };
  let headKept = false;
  const kept = new Set<number>();
  for (const [index, outcome] of outcomes.entries()) {
    const id = (branch[index] as MatchedSegment).node.id;
    const module = modules[index] as SegmentModule;
    if (outcome.type === 'kept') {
      segments.push({ state: { id, data: undefined }, module });
      kept.add(index);
      headKept ||= module.head !== undefined;
      continue;
    }
    if (outcome.type === 'data') {
      const search = searchValues[index];
      segments.push({
        state: search === undefined ? { id, data: outcome.data } : { id, data: outcome.data, search },
        module,
      });
      if (module.head) {
        head = module.head({ data: outcome.data, params, search, locale: pageRequest.locale });
        headKept = false;
      }
      continue;
    }
    if (outcome.type === 'signal' && outcome.signal instanceof Redirect) {
      const { location, status } = outcome.signal;
      return { type: 'redirect', location: urlOf(location), status };
    }
    const status = statusOf(outcome);
    const kind = status === 404 ? 'NotFoundComponent' : 'ErrorComponent';
    // The nearest boundary at or above the failing segment; the segments below it are not shown.
    const boundary = modules.slice(0, index + 1).findLastIndex((candidate) => candidate[kind] !== undefined);
    if (outcome.type === 'failed' && status >= 500) {
      if (boundary === -1) throw outcome.error;
      onFailure(outcome.error);
    }
    if (boundary === -1) return { type: 'error', status };
    const shown = segments.slice(0, boundary);
    const boundaryId = (branch[boundary] as MatchedSegment).node.id;
    shown.push({
      state:
        status === 404
          ? { id: boundaryId, boundary: 'not-found' }
          : { id: boundaryId, boundary: 'error', status },
      module: modules[boundary] as SegmentModule,
    });
    const page = {
      type: 'page',
      routeId,
      params,
      segments: shown,
      head: errorHead(status),
      status,
      policy,
    } as const;
    return { ...page, headKept: false, kept: new Set([...kept].filter((index) => index < boundary)) };
  }
  return { type: 'page', routeId, params, segments, kept, head, headKept, status: 200, policy };
}

function statusOf(outcome: Extract<Outcome, { type: 'signal' | 'failed' }>): number {
  if (outcome.type === 'signal') return 404;
  const { error } = outcome;
  return error instanceof HttpError ? error.status : 500;
}

/** Redirect responses are never cached: they depend on the data step's state. */
export function sendRedirect(response: Response, location: string, status: number): void {
  response.setHeader('Cache-Control', 'no-store');
  response.redirect(status, location);
}

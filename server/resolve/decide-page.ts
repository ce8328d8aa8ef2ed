import { HttpError, publicMessageOf, Redirect } from '../../shared/routing/control-signals.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import type { Head, RouteParams, SegmentModule } from '../../shared/routing/route-table.ts';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import type { RoutePolicy } from '../definition/cache-policy.ts';
import type { RequestContext } from '../definition/request-context.ts';
import type { PageRequest } from '../request/page-request.ts';
import { errorHead } from './error-head.ts';
import type { PageResolution } from './page-resolution.ts';
import type { Outcome } from './run-data-steps.ts';

interface DecideContext {
  /** The route's cache policy, carried to the answer. */
  policy: RoutePolicy | undefined;
  /** The shown segments' versions, carried to the answer's ETag. */
  version: readonly unknown[] | undefined;
  searchValues: readonly unknown[];
  routeId: string;
  params: RouteParams;
  pageRequest: PageRequest;
  /** The request context's: where a redirect's app path gets the base path and the locale prefix. */
  urlOf: RequestContext['urlOf'];
  onFailure: (error: unknown) => void;
}

/** Turns the settled outcomes into the page, a boundary inside its parents, a redirect or an error. */
export function decide(
  branch: readonly MatchedSegment[],
  modules: SegmentModule[],
  outcomes: Outcome[],
  { policy, version, searchValues, routeId, params, pageRequest, urlOf, onFailure }: DecideContext,
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
      // A per-visitor segment left out of a shared document renders with `null`, until the browser has it.
      segments.push({ state: { id, data: null }, module });
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
    const message = outcome.type === 'failed' ? publicMessageOf(outcome.error) : undefined;
    const kind = status === 404 ? 'NotFoundComponent' : 'ErrorComponent';
    // The nearest boundary at or above the failing segment; the segments below it are not shown.
    const boundary = modules.slice(0, index + 1).findLastIndex((candidate) => candidate[kind] !== undefined);
    if (outcome.type === 'failed' && status >= 500) {
      if (boundary === -1) throw outcome.error;
      onFailure(outcome.error);
    }
    if (boundary === -1) return { type: 'error', status, message };
    const shown = [
      ...segments.slice(0, boundary),
      boundarySegment(branch, modules, boundary, status, message),
    ];
    const page = { type: 'page', routeId, params, segments: shown, status, policy } as const;
    const keptAbove = new Set([...kept].filter((above) => above < boundary));
    return { ...page, head: errorHead(status, message), headKept: false, kept: keptAbove };
  }
  return { type: 'page', routeId, params, segments, kept, head, headKept, status: 200, policy, version };
}

/** The not-found or error component shown in place of the segment at `boundary` and those below it. */
function boundarySegment(
  branch: readonly MatchedSegment[],
  modules: SegmentModule[],
  boundary: number,
  status: number,
  message: string | undefined,
): ShownSegment {
  const id = (branch[boundary] as MatchedSegment).node.id;
  const error = message === undefined ? { status } : { status, message };
  return {
    state: status === 404 ? { id, boundary: 'not-found' } : { id, boundary: 'error', ...error },
    module: modules[boundary] as SegmentModule,
  };
}

export function statusOf(outcome: Extract<Outcome, { type: 'signal' | 'failed' }>): number {
  if (outcome.type === 'signal') return 404;
  const { error } = outcome;
  return error instanceof HttpError ? error.status : 500;
}

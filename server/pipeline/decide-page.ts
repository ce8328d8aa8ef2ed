import { HttpError, Redirect } from '../../shared/routing/control-signals.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import type { Head, RouteParams, SegmentModule } from '../../shared/routing/route-table.ts';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import type { Outcome } from '../data/run-data-steps.ts';
import { errorHead } from '../render/error-head.ts';
import type { RequestContext } from '../request-context.ts';
import type { PageRequest } from './page-request.ts';
import type { PageResolution } from './resolve-page.ts';

interface DecideContext {
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
  { searchValues, routeId, params, pageRequest, urlOf, onFailure }: DecideContext,
): PageResolution {
  const segments: ShownSegment[] = [];
  let head: Head | undefined;
  let kept = 0;
  for (const [index, outcome] of outcomes.entries()) {
    const id = (branch[index] as MatchedSegment).node.id;
    const module = modules[index] as SegmentModule;
    if (outcome.type === 'kept') {
      segments.push({ state: { id, data: undefined }, module });
      kept += 1;
      continue;
    }
    if (outcome.type === 'data') {
      const search = searchValues[index];
      segments.push({
        state: search === undefined ? { id, data: outcome.data } : { id, data: outcome.data, search },
        module,
      });
      head = module.head?.({ data: outcome.data, params, search, locale: pageRequest.locale }) ?? head;
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
    const page = { type: 'page', routeId, params, segments: shown, head: errorHead(status), status } as const;
    return { ...page, kept: Math.min(kept, boundary) };
  }
  return { type: 'page', routeId, params, segments, kept, head: head ?? { title: '' }, status: 200 };
}

export function statusOf(outcome: Extract<Outcome, { type: 'signal' | 'failed' }>): number {
  if (outcome.type === 'signal') return 404;
  const { error } = outcome;
  return error instanceof HttpError ? error.status : 500;
}

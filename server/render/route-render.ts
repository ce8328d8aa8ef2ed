import type { Head, RouteParams } from '../../shared/routing/route-table.ts';
import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import type { RequestAbort } from '../request/request-abort.ts';

/** One route's page to render: what it shows, its status and what a form post or a shared page adds. */
export interface RouteRender {
  routeId: string;
  params: RouteParams;
  segments: ShownSegment[];
  head: Head;
  abort: RequestAbort;
  /** 200, a boundary's status, or 422 when this render answers a form post with invalid input. */
  status: number;
  actionResult?: ActionResultState;
  /** Indices of the per-visitor segments a shared page left out (their data is `null`). */
  kept?: ReadonlySet<number>;
  /** Public, its caching headers set (answer/caching-headers.ts): no trace of this request, and rendered whole. */
  shared?: boolean;
}

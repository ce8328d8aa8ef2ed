import type { ShownSegment } from '../../shared/ui/segment-tree.tsx';
import { errorHead } from '../resolve/error-head.ts';
import type { RouteRender } from './route-render.ts';

/** The render again with the deepest error component in place of the failed segments; undefined when none has one. */
export function withErrorInPlace(render: RouteRender): RouteRender | undefined {
  const boundary = deepestErrorBoundary(render.segments);
  if (boundary === -1) return undefined;
  const failed = render.segments[boundary] as ShownSegment;
  return {
    ...render,
    segments: [
      ...render.segments.slice(0, boundary),
      { state: { id: failed.state.id, boundary: 'error', status: 500 }, module: failed.module },
    ],
    head: errorHead(500),
    status: 500,
  };
}

/** The deepest segment (not already a boundary) whose module has an error component; -1 when none has. */
function deepestErrorBoundary(segments: readonly ShownSegment[]): number {
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const segment = segments[index] as ShownSegment;
    if (!('boundary' in segment.state) && segment.module.ErrorComponent) return index;
  }
  return -1;
}

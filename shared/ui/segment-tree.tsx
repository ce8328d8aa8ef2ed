import type { ComponentType, ReactNode } from 'react';
import type { Locale } from '../routing/locale.ts';
import type { RouteParams, SegmentModule } from '../routing/route-table.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { OutletContext } from './outlet.tsx';
import type { SegmentState } from './ssr-payload.ts';

/** The pending component of a navigation's first changed segment, and where it shows. */
export interface PendingSegment {
  index: number;
  Component: ComponentType;
}

/** A segment ready to render: its state (data or boundary) and its loaded module. */
export interface ShownSegment {
  state: SegmentState;
  module: SegmentModule;
}

export interface SegmentTreeProps {
  segments: readonly ShownSegment[];
  params: RouteParams;
  locale: Locale;
  /** What the deepest segment's outlet shows (an error page inside the root layout, say). */
  leaf?: ReactNode;
  /** Clears caught render errors when it changes (the URL). */
  resetKey: string;
  /** Told once about each render error caught in the browser. */
  onRenderError?: (error: unknown) => void;
  /** Shown below the root segment for a render error that no segment's error component catches. */
  fallback: ReactNode;
  /** A slow client navigation: the target's pending component, shown at the first segment it changes. */
  pending?: PendingSegment;
}

/**
 * Renders a matched branch, root first: each segment's component gets its own data, and its `<Outlet />`
 * the segment below. A segment whose module has an error component is wrapped in an error boundary, so a
 * render error in it or below it (without a nearer boundary) shows that component in its place; the layouts
 * above stay.
 */
export function SegmentTree(props: SegmentTreeProps): ReactNode {
  return props.segments.length === 0 ? catchBelowRoot(props.leaf, props) : renderFrom(0, props);
}

/** The last line of defence below the root layout, so a render error never leaves a blank page. */
function catchBelowRoot(children: ReactNode, props: SegmentTreeProps): ReactNode {
  return (
    // The boundary reads what it needs of the tree's props: fallback, resetKey, onRenderError.
    <ErrorBoundary {...props}>{children}</ErrorBoundary>
  );
}

function renderFrom(index: number, props: SegmentTreeProps): ReactNode {
  if (props.pending?.index === index) return <props.pending.Component />;
  const shown = props.segments[index];
  if (!shown) return props.leaf;
  const { state, module } = shown;
  const { ErrorComponent, NotFoundComponent, default: Component } = module;
  if ('boundary' in state) {
    if (state.boundary === 'not-found') return NotFoundComponent && <NotFoundComponent />;
    return ErrorComponent && <ErrorComponent status={state.status} message={state.message} />;
  }
  const below = renderFrom(index + 1, props);
  const outlet = index === 0 ? catchBelowRoot(below, props) : below;
  const element = Component ? (
    <OutletContext value={outlet}>
      <Component data={state.data} params={props.params} search={state.search} locale={props.locale} />
    </OutletContext>
  ) : (
    outlet
  );
  if (!ErrorComponent) return element;
  return (
    <ErrorBoundary {...props} fallback={<ErrorComponent />}>
      {element}
    </ErrorBoundary>
  );
}

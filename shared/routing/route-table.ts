import type { ComponentType } from 'react';
import type { Locale } from './locale.ts';

/** Route params: a string per `:name`, an array of decoded segments per `*name`. */
export type RouteParams = Record<string, string | string[]>;

/** What a page's `<head>` says; rendered by the document and updated on client navigation. */
export interface Head {
  title: string;
  description?: string;
  /** e.g. `noindex` */
  robots?: string;
}

/** What a segment's component gets: its own data step's data, and the route's params. */
export interface SegmentProps<Data = unknown> {
  data: Data;
  params: RouteParams;
  locale: Locale;
}

/** What an error component gets: the status of an expected error (a 4xx HttpError), none for a failure. */
export interface ErrorComponentProps {
  status?: number;
}

/**
 * What a segment's module exports. The component renders the segment (a layout renders its child through
 * `<Outlet />`); the others are optional. Each is lazily imported, so each segment is its own chunk.
 */
export interface SegmentModule<Data = unknown> {
  default?: ComponentType<SegmentProps<Data>>;
  /** The page's head; the deepest segment that has one decides it. */
  head?: (context: { data: Data; params: RouteParams; locale: Locale }) => Head;
  /** Shown in place of this segment when it or a segment below it (without its own) fails. */
  ErrorComponent?: ComponentType<ErrorComponentProps>;
  /** Shown in place of this segment when it or a segment below it calls `notFound()` (status 404). */
  NotFoundComponent?: ComponentType;
  /** Shown in place of this segment while a client navigation waits for its data (after ~150 ms). */
  PendingComponent?: ComponentType;
}

/**
 * One node of the route tree. The tree is plain data shared by server and client; server-only data steps
 * are keyed by `id` in the app's server definition, so they never reach the browser bundle. Only leaves
 * (nodes without children) match URLs; a leaf's pattern is the path pieces of its branch joined.
 */
export interface RouteNode {
  /** Unique in the tree; keys the node's data step, and names the matched route (leaves). */
  id: string;
  /**
   * This node's piece of the pattern, in path-to-regexp syntax: `/help`, `/:id`, `/*slug`, `{/*category}`.
   * None: a pathless node (a layout that only groups, or the index leaf of its parent).
   */
  path?: string;
  /** Lazily imports the segment's module (component, head, error, not-found and pending components). */
  // biome-ignore lint/suspicious/noExplicitAny: each segment has its own data type; the tree only stores them.
  module?: () => Promise<SegmentModule<any>>;
  /**
   * A resource route: a leaf that answers without a document (sitemap.xml, robots.txt, a JSON feed) through
   * the handler keyed by its id in the app's server definition. Links to it are ordinary page loads.
   */
  resource?: true;
  children?: readonly RouteNode[];
}

import type { ComponentType } from 'react';
import type { Locale } from './locale.ts';

/**
 * Route params: a string per `:name`, an array of decoded segments per `*name` (`/*slug` on
 * `/help/a/b` gives `{ slug: ['a', 'b'] }`). Typed per route with `ParamsOf`.
 */
export type RouteParams = Record<string, string | string[]>;

/**
 * What a page's `<head>` says; rendered by the document and updated on client navigation. A segment module
 * exports `head`, a function of its props; the deepest segment on the page that has one decides.
 *
 * @example
 * export const head = ({ data }: Props<'product'>): Head => ({ title: data.product.name });
 */
export interface Head {
  title: string;
  description?: string;
  /** e.g. `noindex` */
  robots?: string;
}

/**
 * What a segment's component gets: its own data step's data, the params of its branch, and the value its
 * search reader read (`undefined` without one). Apps type it per segment with `SegmentPropsOf`.
 */
export interface SegmentProps<Data = unknown, Params = RouteParams, Search = unknown> {
  data: Data;
  params: Params;
  search: Search;
  locale: Locale;
}

/**
 * How a segment reads its search params. `parse` turns them into a typed value, which the segment's data
 * step (`search`) and component (`search`) get; it throws `invalidSearch(key, reason)` for a value it
 * cannot read. Only the segments that read a changed key run again on a client navigation. Set it as the
 * route node's `search`.
 *
 * @example
 * export const pageSearch: SearchReader<{ page: number }> = {
 *   keys: ['page'],
 *   parse(params) {
 *     const page = Number(params.get('page') ?? '1');
 *     if (!Number.isInteger(page) || page < 1) throw invalidSearch('page', 'a whole number from 1');
 *     return { page };
 *   },
 *   format: ({ page }) => ({ page: page === 1 ? undefined : String(page) }),
 * };
 */
export interface SearchReader<Value> {
  /** The keys this segment reads. */
  keys: readonly string[];
  parse(params: URLSearchParams): Value;
  /**
   * Writes a value back as search params, defaults left out. With it, the segment normalises: a search that
   * is invalid or not written as `format` would write it answers 308 to the normalised URL (invalid keys
   * dropped); without it, an invalid search answers 400.
   */
  format?(value: Value): Readonly<Record<string, string | undefined>>;
}

/**
 * A search value `parse` could not read: 400, or dropped from the normalised URL when the reader has
 * `format`. Build it with `invalidSearch()`; `key` and `reason` name the value and the rule.
 */
export class InvalidSearch extends Error {
  override readonly name = 'InvalidSearch';
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Search param "${key}": ${reason}`);
  }
}

/**
 * Thrown by a search reader's `parse` for a value it cannot read: `key` is the search param, `reason` the
 * rule it breaks. The request answers 400, or 308 to the URL without that key when the reader has `format`.
 *
 * @example
 * if (!SORTS.includes(sort)) throw invalidSearch('sort', `one of ${SORTS.join(', ')}`);
 */
export function invalidSearch(key: string, reason: string): InvalidSearch {
  return new InvalidSearch(key, reason);
}

/**
 * What an error component (a segment module's `ErrorComponent`) gets: the status of an expected error (an
 * HttpError) and its public message, none for an unexpected failure, whose details never reach the page.
 */
export interface ErrorComponentProps {
  status?: number;
  /** The HttpError's public message (`'Admins only'`); a 5xx's only when thrown with `expose: true`. */
  message?: string;
}

/**
 * What a segment's module exports. The component renders the segment (a layout renders its child through
 * `<Outlet />`); the others are optional. Each is lazily imported, so each segment is its own chunk.
 *
 * @example
 * export default function ProductPage({ data }: Props<'product'>) { … }
 * export const head = ({ data }: Props<'product'>): Head => ({ title: data.product.name });
 * export function ErrorComponent({ status }: ErrorComponentProps) { … }
 * export function PendingComponent() { return <p aria-busy="true">Loading…</p>; }
 */
export interface SegmentModule<Data = unknown, Params = RouteParams, Search = unknown> {
  default?: ComponentType<SegmentProps<Data, Params, Search>>;
  /** The page's head; the deepest segment that has one decides it. */
  head?: (context: SegmentProps<Data, Params, Search>) => Head;
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
 * (nodes without children) match URLs; a leaf's pattern is the path pieces of its branch joined. Write
 * the tree `as const`, so `typedHref()` and the `…Of` types read its ids and params. A bad pattern or a
 * repeated id fails when the app starts, never during a request.
 *
 * @example
 * export const routes = {
 *   id: 'root',
 *   module: () => import('./root-layout.tsx'),
 *   children: [
 *     { id: 'home', path: '/', module: () => import('./home.tsx') },
 *     { id: 'note', path: '/notes/:id', module: () => import('./note.tsx') },
 *     { id: 'sitemap', path: '/sitemap.xml', resource: true },
 *   ],
 * } as const;
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
  // biome-ignore lint/suspicious/noExplicitAny: each segment has its own props; the tree only stores them.
  module?: () => Promise<SegmentModule<any, any, any>>;
  /** How the segment reads its search params (validated on the server, before any data step runs). */
  // biome-ignore lint/suspicious/noExplicitAny: each reader has its own value type.
  search?: SearchReader<any>;
  /**
   * A resource route: a leaf that answers without a document (sitemap.xml, robots.txt, a JSON feed) through
   * the handler keyed by its id in the app's server definition. Links to it are ordinary page loads.
   */
  resource?: true;
  /**
   * This segment's data does not change when an action runs (a menu, a catalogue's facets): after an action
   * that does not name it (`context.revalidate`), the browser keeps it instead of asking for it again.
   */
  keepAfterActions?: true;
  children?: readonly RouteNode[];
}

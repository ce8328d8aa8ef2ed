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

export interface PageProps<Data = unknown> {
  data: Data;
  params: RouteParams;
  locale: Locale;
}

/** What a page module (`shared/storefront/pages/<route id>.tsx`) exports. */
export interface PageModule<Data = unknown> {
  default: ComponentType<PageProps<Data>>;
  head?: (context: { data: Data; params: RouteParams; locale: Locale }) => Head;
}

/**
 * One row of the route table. The table is plain data shared by server and client; server-only
 * data steps are keyed by `id` in `server/`, so they never reach the browser bundle.
 */
export interface RouteDefinition {
  /** Stable id; also the page module's file name, which the build uses to find the route's chunk. */
  id: string;
  /** path-to-regexp pattern: `/help`, `/products/:id`, `/help/*slug`, `/shop{/*category}`. */
  path: string;
  /** Lazily imports the page module, so each page is its own chunk in the browser. */
  // biome-ignore lint/suspicious/noExplicitAny: each page has its own data type; the table only stores them.
  page: () => Promise<PageModule<any>>;
}

import type { Head, RouteParams } from '../routing/route-table.ts';

/**
 * One line of the data endpoint's answer (`application/x-ndjson`). Written by server/serve-page-data.ts,
 * read by client/navigation/fetch-page-data.ts.
 */
export type PageDataLine =
  /** First line of a page: its data with `{ $deferred: key }` placeholders, and its head. */
  | { type: 'page'; routeId: string; params: RouteParams; data: unknown; head: Head; layout: unknown }
  /** A deferred value, once settled (`ok` 0 = it failed on the server). */
  | { type: 'deferred'; key: string; ok: 0 | 1; value: unknown }
  /** `location` is a full path on our origin (base path and locale included) or an absolute URL. */
  | { type: 'redirect'; location: string; status: number }
  /** An expected error status (404, 403…) to render as the error page; 5xx means "load the page in full". */
  | { type: 'error'; status: number; head: Head; layout?: unknown }
  /** A form post with invalid input (status 422): errors by field, values as submitted. */
  | { type: 'invalid'; action: string; errors: Record<string, string>; values: Record<string, string> }
  /** The request named another build: the browser must load the page in full. */
  | { type: 'build-changed'; buildId: string };

import type { Head, RouteParams } from '../routing/route-table.ts';
import type { SegmentState } from './ssr-payload.ts';

/**
 * One line of the data endpoint's answer (`application/x-ndjson`). Written by server/answer/serve-page-data.ts,
 * read by client/navigation/fetch-page-data.ts.
 */
export type PageDataLine =
  /**
   * First line of a page: its segments, root first, each with its data (`{ $deferred: key }` placeholders)
   * or the boundary shown in its place; its head; `status` 200, or the boundary's. A segment the browser
   * asked to keep (KEEP_SEGMENTS_HEADER) is `null`, and so is the head when a kept segment decides it.
   */
  | {
      type: 'page';
      routeId: string;
      params: RouteParams;
      segments: (SegmentState | null)[];
      head?: Head;
      status: number;
    }
  /** A deferred value, once settled (`ok` 0 = it failed on the server). */
  | { type: 'deferred'; key: string; ok: 0 | 1; value: unknown }
  /**
   * `location` is a full path on our origin (base path and locale included) or an absolute URL. After an
   * action, `revalidate` names the segments it changed (`context.revalidate`), when it named any.
   */
  | { type: 'redirect'; location: string; status: number; revalidate?: string[] }
  /**
   * An expected error status (404, 403…) to render as the error page inside `segments` (the root layout);
   * 5xx means "load the page in full".
   */
  | { type: 'error'; status: number; head: Head; segments?: SegmentState[] }
  /** A form post with invalid input (status 422): errors by field, values as submitted. */
  | { type: 'invalid'; action: string; errors: Record<string, string>; values: Record<string, string> }
  /** The URL is a resource route (it answers without a document): the browser must load it in full. */
  | { type: 'resource' }
  /** The request named another build: the browser must load the page in full. */
  | { type: 'build-changed'; buildId: string };

/**
 * Request header of a client navigation's or revalidation's data request: the ids of the segments on screen
 * whose data the browser keeps (a navigation: those whose params and search the target shares; a
 * revalidation: those an action did not change), comma-separated. The server does not run their steps
 * (unless a step below awaits `parent()`) and answers `null` in their place.
 */
export const KEEP_SEGMENTS_HEADER = 'X-Keep-Segments';

import type { Locale } from '../routing/locale.ts';
import type { Head, RouteParams } from '../routing/route-table.ts';

/**
 * The outcome of a form post with invalid input: the action's name, errors by field and the values as
 * submitted (those the action chose to send back). `useActionResult()` gives it to the form's components.
 */
export interface ActionResultState {
  action: string;
  errors: Readonly<Record<string, string>>;
  values: Readonly<Record<string, string>>;
}

/**
 * One segment of the page as shown (root first): its data step's data, or the boundary shown in its place
 * (and then nothing below it). Deferred values in `data` are promises in the browser.
 */
export type SegmentState =
  /** `search`: what the segment's search reader read, when it has one. */
  | { id: string; data: unknown; search?: unknown }
  /** `status`: of an expected error (4xx); 500 for a failure. `message`: an HttpError's public message. */
  | { id: string; boundary: 'error'; status: number; message?: string }
  | { id: string; boundary: 'not-found' };

/** What the page shows: a route's segments, or an error page with its status. */
export type PageState =
  | {
      type: 'route';
      /** The matched leaf. */
      routeId: string;
      params: RouteParams;
      segments: readonly SegmentState[];
      head: Head;
      /** Set when this render answers a form post with invalid input (status 422). */
      actionResult?: ActionResultState;
      /** Per-visitor segments this shared page left out (`data: null`): the browser asks for them once hydrated. */
      later?: readonly string[];
    }
  /**
   * `segments`: the root layout around the error page (none when the root's own data step failed).
   * `eventId`: the monitoring event of a 5xx, shown so ops can search for it.
   */
  | { type: 'error'; status: number; head: Head; segments: readonly SegmentState[]; eventId?: string };

/** What the browser needs to start @sentry/browser; events go through our tunnel, never straight to Sentry. */
export interface BrowserSentryConfig {
  dsn: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
  tunnel: string;
}

/** The links a document loads besides its own HTML. */
export interface DocumentAssets {
  stylesheets: readonly string[];
  modulePreloads: readonly string[];
}

/**
 * Everything the browser needs to hydrate exactly what the server rendered. The server writes it into the
 * page as `self.__SSR`; its presence is the marker that tells the client to hydrate.
 */
export interface SsrPayload {
  buildId: string;
  basePath: string;
  locale: Locale;
  /** App path without base path or locale prefix, plus search. */
  url: { pathname: string; search: string };
  page: PageState;
  assets: DocumentAssets;
  /** Browser monitoring settings; null when SENTRY_DSN is unset (then no Sentry code is downloaded). */
  sentry: BrowserSentryConfig | null;
  /** The server serves the debug routes (ENABLE_DEBUG_ROUTES): only then does the browser's route tree hold them. */
  debugRoutes: boolean;
}

/** Name of the global that holds the payload. Written by server/render/document-renderer.ts, read by client/start.tsx. */
export const SSR_PAYLOAD_GLOBAL = '__SSR';
/** Name of the global queue that deferred values are pushed into as `[key, ok, value]`. */
export const SSR_DEFERRED_GLOBAL = '__ssrDeferred';
/** A deferred value once settled: its top-level key, 1 for a value or 0 for a failure, and the value. */
export type DeferredEntry = [key: string, ok: 0 | 1, value: unknown];

/** The JSON placeholder that stands for a deferred (still pending) top-level data value. */
export const DEFERRED_MARKER = '$deferred';

import type { CookieOptions } from 'express';
import type { ControlSignal } from '../shared/routing/control-signals.ts';
import type { Locale } from '../shared/routing/locale.ts';
import type { RouteParams } from '../shared/routing/route-table.ts';

/** What a route's server data step receives. */
export interface DataStepContext {
  params: RouteParams;
  locale: Locale;
  /** The full request URL (search params included). */
  url: URL;
  /** Request cookies; signed ones (verified with COOKIE_SECRET) are in `signedCookies`, `false` when tampered. */
  cookies: Readonly<Record<string, string>>;
  signedCookies: Readonly<Record<string, string | false>>;
  /** Sets a cookie on the response (before the page streams); `signed: true` signs it with COOKIE_SECRET. */
  setCookie(name: string, value: string, options: CookieOptions): void;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Fires when the client disconnects or the render deadline passes: stop work then. */
  signal: AbortSignal;
  /**
   * The data of the nearest segment above this one that has a data step (undefined without one). Every step
   * of a request starts at once; a step that needs its parent's result awaits this, explicitly.
   */
  parent(): Promise<unknown>;
}

/**
 * A segment's server-side data step. It returns the page's data (top-level promises are deferred and streamed
 * later), or returns/throws `redirect()` / `notFound()`, or throws `HttpError(status)`.
 */
export type DataStep<Data = unknown> = (
  context: DataStepContext,
) => Data | ControlSignal | Promise<Data | ControlSignal>;

/** Server data steps keyed by segment id. Segments without one render with `data: null`. */
// biome-ignore lint/suspicious/noExplicitAny: each step has its own data type; the table only stores them.
export type DataSteps = Readonly<Record<string, DataStep<any>>>;

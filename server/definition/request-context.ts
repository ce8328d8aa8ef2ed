import type { IncomingMessage } from 'node:http';
import type { CookieOptions, Request, Response } from 'express';
import type { LinkTarget } from '../../shared/routing/href.ts';
import type { Locale } from '../../shared/routing/locale.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';

/**
 * What every handler of a request gets: data steps, actions and resource routes alike (each kind adds only
 * its own: `parent()` and `search` for steps, `fields` for actions). `Services` is the app's own services
 * type, given where the app declares its handlers (DataStepsOf, ActionsOf, ResourcesOf), so
 * `context.services.db` is typed without a cast or a global declaration. Reading the cookies, any request
 * header or `request`, or setting a cookie, makes the answer private whatever cache policy its segment has;
 * a header the policy declares in `varyBy` is the exception (the answer then varies by it). Those five
 * (`request`, `url`, `cookies`, `signedCookies`, `headers`) and `signal` (made when first read) are getters:
 * read them by name, as a spread or a rest (`{ ...context }`) leaves them out.
 */
export interface RequestContext<Services = unknown> {
  /** The request as Node has it, for what the context does not carry. */
  request: IncomingMessage;
  /** The full URL the page was asked for, on our origin (PUBLIC_ORIGIN, else the request's). */
  url: URL;
  /** The params captured by the matched route. */
  params: RouteParams;
  locale: Locale;
  /**
   * The URL a browser asks for: an app path from `href()` under BASE_PATH and the prefix of `locale` (the
   * request's unless told), an external URL as it is. `${url.origin}${urlOf(href('shop'), 'fr')}` is absolute.
   */
  urlOf(target: LinkTarget, locale?: Locale): string;
  /** Request cookies; signed ones (verified with COOKIE_SECRET) are in `signedCookies`, `false` when tampered. */
  cookies: Readonly<Record<string, string>>;
  signedCookies: Readonly<Record<string, string | false>>;
  /** Sets a cookie on the response (before the page streams): scoped to BASE_PATH, Secure on HTTPS. */
  setCookie(name: string, value: string, options: CookieOptions): void;
  /**
   * The request's headers (names in lowercase). Reading one makes the answer private, unless the segment's
   * cache policy varies by it (`varyBy: ['accept-language']`); `Cookie` and `Authorization` always do.
   */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Fires when the client disconnects or the deadline passes: stop work then. */
  signal: AbortSignal;
  /** The app's services (a database pool...), started before any request is handled. */
  services: Services;
  /**
   * Runs `task` once the response has ended (sent, or the client gone), in this request's async context: work
   * the answer need not wait for (an email, an audit row). Its failure is reported as an unexpected error;
   * graceful shutdown waits for it within the drain deadline.
   */
  after(task: () => unknown): void;
}

/** What gives a request's AbortSignal: made when first read (server/request/request-abort.ts). */
export interface RequestSignalSource {
  readonly signal: AbortSignal;
}

/** What the request itself does not say: the matched route's params, the locale and the request's abort. */
export interface RequestFacts {
  params: RouteParams;
  locale: Locale;
  abort: RequestSignalSource;
  /** The page's own path and query when the request is for its data (`/_data/…`): `url` then shows the page. */
  pageTarget?: string;
}

/** Builds a request's context; one per app (createApp), used by every kind of handler. */
export type CreateRequestContext = (
  request: Request,
  response: Response,
  facts: RequestFacts,
) => RequestContext;

/**
 * Control signals: what a data step throws or returns to steer the response instead of rendering
 * its page. They are expected outcomes, so monitoring never reports them.
 */
import type { LinkTarget } from './href.ts';
import { assertSafeRedirectTarget } from './safe-redirect.ts';

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/**
 * Ends the request with a redirect to `location`: an app path from `href()`, to which the runtime adds the
 * base path and the request's locale prefix when it sends the redirect, or an absolute http(s) URL.
 */
export class Redirect {
  readonly kind = 'redirect';
  constructor(
    readonly location: LinkTarget,
    readonly status: RedirectStatus,
  ) {}
}

/** Ends the request with the 404 page. */
export class NotFound {
  readonly kind = 'not-found';
}

/** How an HttpError's message may be shown: `expose` overrides the default (shown below 500 only). */
export interface HttpErrorOptions extends ErrorOptions {
  /** Show `publicMessage` on the error page; default: only for a 4xx (a 5xx's message stays in the logs). */
  expose?: boolean;
}

/**
 * An expected failure with a status and a message for the visitor. Throw it from a data step, middleware,
 * action or resource handler: the request answers `status` with the nearest `ErrorComponent` (which gets
 * `status` and `message`; a 404 shows the nearest `NotFoundComponent`), or the runtime's error page, whose
 * title reads `403: Admins only` instead of the status's own words. Monitoring does not report a 4xx; a
 * 5xx (a service down) is reported like a failure, and its message is not shown unless `expose: true`
 * says it was written for visitors (as Express's `err.expose`). The status must be an integer from 400 to
 * 599 (a RangeError otherwise).
 *
 * @example
 * if (!order) throw new HttpError(404, 'No such order');
 * if (!account.admin) throw new HttpError(403, 'Admins only');
 * throw new HttpError(503, 'Back in ten minutes', { expose: true });
 */
export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  /** Whether `publicMessage` reaches the page (publicMessageOf). */
  readonly expose: boolean;
  constructor(
    readonly status: number,
    readonly publicMessage?: string,
    options: HttpErrorOptions = {},
  ) {
    super(publicMessage ?? `HTTP ${status}`, options);
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`HttpError status must be an integer from 400 to 599, got ${status}`);
    }
    this.expose = options.expose ?? status < 500;
  }
}

/** The message an error may show the visitor: an HttpError's exposed public message; nothing of any other. */
export function publicMessageOf(error: unknown): string | undefined {
  return error instanceof HttpError && error.expose ? error.publicMessage : undefined;
}

export type ControlSignal = Redirect | NotFound;

/**
 * Builds a redirect signal to `href('cart')` or an external URL; refuses targets that could leave our origin
 * by accident (`//x`, `/\x`, `javascript:`). A data step, middleware or resource handler returns or throws
 * it, an action returns it on success (post/redirect/get: use 303). The runtime adds the base path and the
 * request's locale prefix to an app path; a client navigation follows it without a reload. Default status:
 * 302.
 *
 * @example
 * if (!account) throw redirect(href('sign-in', {}, { search: { next: href('account') } }), 303);
 * return redirect(href('order', { id: order.id }), 303);
 */
export function redirect(location: LinkTarget, status: RedirectStatus = 302): Redirect {
  assertSafeRedirectTarget(location);
  return new Redirect(location, status);
}

/**
 * Builds a not-found signal: the request answers 404 with the nearest `NotFoundComponent` at or above the
 * segment (the runtime's plain 404 page without one), and monitoring does not report it. Return or throw
 * it from a data step, middleware or resource handler when the URL names nothing.
 *
 * @example
 * const product = await findProduct(context.services.db, context.params.id);
 * if (!product) return notFound();
 */
export function notFound(): NotFound {
  return new NotFound();
}

export function isControlSignal(value: unknown): value is ControlSignal {
  return value instanceof Redirect || value instanceof NotFound;
}

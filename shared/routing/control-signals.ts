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

/** An expected failure with a status and a message that is safe to show to the visitor. */
export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  constructor(
    readonly status: number,
    readonly publicMessage?: string,
  ) {
    super(publicMessage ?? `HTTP ${status}`);
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`HttpError status must be an integer from 400 to 599, got ${status}`);
    }
  }
}

export type ControlSignal = Redirect | NotFound;

/**
 * Builds a redirect signal to `href('cart')` or an external URL; refuses targets that could leave our origin
 * by accident (`//x`, `/\x`, `javascript:`).
 */
export function redirect(location: LinkTarget, status: RedirectStatus = 302): Redirect {
  assertSafeRedirectTarget(location);
  return new Redirect(location, status);
}

/** Builds a not-found signal (renders the 404 page). */
export function notFound(): NotFound {
  return new NotFound();
}

export function isControlSignal(value: unknown): value is ControlSignal {
  return value instanceof Redirect || value instanceof NotFound;
}

import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** One year, the usual HSTS max-age. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** The CSP nonce of this response; every inline script the runtime writes carries it. */
export function cspNonceOf(response: Response): string | undefined {
  return response.locals.cspNonce as string | undefined;
}

/**
 * Security headers for every response (helmet): a Content-Security-Policy whose only inline scripts are
 * those with this request's nonce (hydration data, deferred values, React's bootstrap), `connect-src`
 * limited to our origin (the Sentry tunnel is ours), no framing, `nosniff`, and a strict referrer policy.
 * HSTS only when the request arrived over HTTPS (directly or through a trusted proxy), since a plain-HTTP
 * deployment behind a TLS-less proxy must not pin HTTPS.
 */
export function securityHeaders() {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_request, response) => `'nonce-${cspNonceOf(response as Response)}'`],
        // Style attributes (e.g. computed tile colours) are not scripts; inline styles stay allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  return function setSecurityHeaders(request: Request, response: Response, next: NextFunction): void {
    response.locals.cspNonce = randomBytes(16).toString('base64');
    if (request.secure) {
      response.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    }
    headers(request, response, next);
  };
}

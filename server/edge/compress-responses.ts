import zlib from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

/** Brotli quality for dynamic responses: 4 compresses well at a fraction of the default 11's CPU cost. */
const BROTLI_QUALITY = 4;

/**
 * gzip or brotli for HTML and JSON (compression). React and the data endpoint call `res.flush()` after each
 * chunk, so compression never holds back the shell. Built assets are precompressed and skip this.
 *
 * A request without Accept-Encoding can only get identity, so it skips compression's per-request wrappers
 * (they and its negotiation on every response cost CPU per page request in A/B runs under the bench's
 * load); it still gets the `Vary: Accept-Encoding` that compression would have set.
 */
export function compressResponses() {
  const compress = compression({
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: (request, response) =>
      !response.getHeader('Content-Encoding') && compression.filter(request, response),
  });
  return function compressWhenAccepted(request: Request, response: Response, next: NextFunction): void {
    if (request.headers['accept-encoding'] !== undefined) {
      compress(request, response, next);
      return;
    }
    response.setHeader('Vary', 'Accept-Encoding');
    next();
  };
}

import type { Request, Response } from 'express';
import type { PrerenderedPage } from '../definition/prerendered-pages.ts';

/** Encodings a prerendered page is stored in, best first (brotli, then gzip), as the built assets are. */
const ENCODINGS = [
  { encoding: 'br', body: 'br' },
  { encoding: 'gzip', body: 'gzip' },
] as const;

/**
 * Answers a document with its prerendered file: the headers a render of it would send now (its ETag and
 * Cache-Control, and the Content-Security-Policy of the nonce its scripts carry, in place of this response's
 * own, as a cached copy keeps its own), the security headers already set, and the body precompressed by
 * Accept-Encoding, so no compression work and no render per request.
 */
export function sendPrerendered(request: Request, response: Response, page: PrerenderedPage): void {
  response.setHeader('Content-Security-Policy', page.contentSecurityPolicy);
  response.locals.cspNonce = undefined;
  response.setHeader('Cache-Control', page.cacheControl);
  response.setHeader('ETag', page.etag);
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.vary('Accept-Encoding');
  const chosen = ENCODINGS.find(({ encoding }) => request.acceptsEncodings(encoding) === encoding);
  const body = chosen ? page.bodies[chosen.body] : page.bodies.identity;
  if (chosen) response.setHeader('Content-Encoding', chosen.encoding);
  response.setHeader('Content-Length', body.length);
  response.status(200);
  response.end(request.method === 'HEAD' ? undefined : body);
}

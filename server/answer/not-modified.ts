import type { Response } from 'express';

/**
 * The 304, without this response's Content-Security-Policy: a cache (the browser's) updates the stored
 * headers with a 304's, and a new nonce would then block every inline script of the stored page.
 */
export function sendNotModified(response: Response): void {
  response.removeHeader('Content-Security-Policy');
  response.status(304).end();
}

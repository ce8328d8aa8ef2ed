import type { Response } from 'express';
import type { CachingDecision } from '../resolve/caching-decision.ts';
import { sendNotModified } from './not-modified.ts';

/**
 * Writes a caching decision's headers (resolve/caching-decision.ts); true when it answered: the 304 of a
 * request whose copy is fresh.
 */
export function applyCaching(response: Response, decision: CachingDecision): boolean {
  response.setHeader('Cache-Control', decision.cacheControl);
  if (decision.type === 'private') {
    response.removeHeader('ETag');
    return false;
  }
  response.setHeader('ETag', decision.etag);
  if (decision.notModified) sendNotModified(response);
  return decision.notModified;
}

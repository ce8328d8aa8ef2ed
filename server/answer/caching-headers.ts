import type { Response } from 'express';
import { noteVariants } from '../request/private-reads.ts';
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
  // A 304 says the same `Vary` (RFC 9110 section 15.4.5); a handler may read those headers until the answer ends.
  for (const header of decision.variants) response.vary(spelled(header));
  noteVariants(response, new Set(decision.variants));
  if (decision.notModified) sendNotModified(response);
  return decision.notModified;
}

/** A header's name as HTTP's specifications write it: `accept-language` as `Accept-Language`. */
function spelled(header: string): string {
  return header.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

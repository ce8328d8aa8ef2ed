import type { Response } from 'express';

/**
 * Whether a request's handlers read what differs per visitor: its cookies (signed or not), the raw request,
 * a `Cookie` or `Authorization` header. The request context notes each such read here, so a page that read
 * one is `private, no-store` however its segments' policies say it may be cached: no one has to remember.
 */
interface Privacy {
  /** What was read first (`cookies`, `headers.cookie`…), for the answer's reason and the tests. */
  read?: string;
  /** The answer went out public: a read now would make it lie. */
  sentPublic?: boolean;
}

/** A read of per-visitor data after a public answer's headers were sent: it would be cached for everyone. */
export class LatePrivateReadError extends Error {
  override readonly name = 'LatePrivateReadError';
}

function privacyOf(response: Response): Privacy {
  response.locals.privacy ??= {};
  return response.locals.privacy as Privacy;
}

/** Notes that a handler read `what`; throws when the answer already went out as public. */
export function notePrivateRead(response: Response, what: string): void {
  const privacy = privacyOf(response);
  if (privacy.sentPublic) {
    throw new LatePrivateReadError(
      `${what} was read after this page's headers went out as cacheable by everyone: read it in the data ` +
        'step before it returns (not in a deferred value), or give the segment no cache policy',
    );
  }
  privacy.read ??= what;
}

/** What the request's handlers read that differs per visitor (first one), or undefined. */
export function privateRead(response: Response): string | undefined {
  return privacyOf(response).read;
}

/** From now on a private read throws: the answer's headers say it is the same for everyone. */
export function notePublicAnswer(response: Response): void {
  privacyOf(response).sentPublic = true;
}

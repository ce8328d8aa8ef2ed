import type { Response } from 'express';

/**
 * Whether a request's handlers read what differs per visitor: its cookies (signed or not), the raw request,
 * or any request header. The request context notes each such read here, so a page that read one is
 * `private, no-store` however its segments' policies say it may be cached: no one has to remember. A header
 * the page's cache policy declares as a variant (`varyBy`) is the exception: the answer names it in `Vary`
 * and its ETag holds the header's value, so a shared cache keeps one copy per value.
 */
interface Privacy {
  /** What was read first (`cookies`, `headers.cookie`…), for the answer's reason and the tests. */
  read?: string;
  /** The request headers read by name (lowercase); private unless the answer's policy varies by them. */
  headers?: Set<string>;
  /** The answer went out public: a read now would make it lie, unless of one of these headers. */
  sentPublic?: boolean;
  /** The headers the public answer varies by (lowercase). */
  variants?: ReadonlySet<string>;
}

/** A read of per-visitor data after a public answer's headers were sent: it would be cached for everyone. */
export class LatePrivateReadError extends Error {
  override readonly name = 'LatePrivateReadError';
}

const NO_VARIANTS: ReadonlySet<string> = new Set();

function privacyOf(response: Response): Privacy {
  response.locals.privacy ??= {};
  return response.locals.privacy as Privacy;
}

function lateRead(what: string): LatePrivateReadError {
  return new LatePrivateReadError(
    `${what} was read after this page's headers went out as cacheable by everyone: read it in the data ` +
      "step before it returns (not in a deferred value), declare the header in the segment's varyBy, or " +
      'give the segment no cache policy',
  );
}

/** Notes that a handler read `what`; throws when the answer already went out as public. */
export function notePrivateRead(response: Response, what: string): void {
  const privacy = privacyOf(response);
  if (privacy.sentPublic) throw lateRead(what);
  privacy.read ??= what;
}

/**
 * Notes that a handler read the request header `name` (lowercase): the answer is private unless its policy
 * varies by it. Throws when the answer already went out as public without varying by it.
 */
export function noteHeaderRead(response: Response, name: string): void {
  const privacy = privacyOf(response);
  if (privacy.sentPublic && !privacy.variants?.has(name)) throw lateRead(`headers.${name}`);
  privacy.headers ??= new Set();
  privacy.headers.add(name);
}

/**
 * What the request's handlers read that differs per visitor (first one), or undefined: a header the
 * answer varies by (`variants`, lowercase) does not count.
 */
export function privateRead(
  response: Response,
  variants: ReadonlySet<string> = NO_VARIANTS,
): string | undefined {
  const { read, headers } = privacyOf(response);
  if (read !== undefined) return read;
  for (const name of headers ?? NO_VARIANTS) if (!variants.has(name)) return `headers.${name}`;
  return undefined;
}

/** The headers a public answer varies by (lowercase): reading them later keeps it true. */
export function noteVariants(response: Response, variants: ReadonlySet<string>): void {
  privacyOf(response).variants = variants;
}

/** From now on a private read throws: the answer's headers say it is the same for everyone (or per variant). */
export function notePublicAnswer(response: Response): void {
  privacyOf(response).sentPublic = true;
}

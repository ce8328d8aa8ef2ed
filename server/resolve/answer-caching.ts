import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SegmentState } from '../../shared/ui/ssr-payload.ts';
import { PRIVATE_CACHE_CONTROL, publicCacheControl, type RoutePolicy } from '../definition/cache-policy.ts';
import { noteVariants, privateRead } from '../request/private-reads.ts';
import { isThenable } from './deferred-data.ts';

export interface CachingFacts {
  /** The route's policy (branchPolicy); none: private. */
  policy: RoutePolicy | undefined;
  status: number;
  /** The shown segments' states: their data (deferred values settled) goes into the ETag. */
  segments: readonly SegmentState[];
  /** The rest of what the body is made from: build, representation, route, locale, URL… */
  made: readonly unknown[];
  /** The shown segments' versions (CachePolicy.version): the ETag's basis instead of their data. */
  version: readonly unknown[] | undefined;
}

/** How an answer may be stored; `not-modified`: the request's copy is fresh, the answer is a 304 (sendNotModified). */
export type Caching = 'public' | 'private' | 'not-modified';

/**
 * Decides a page's or data answer's caching once its data is there, before any of its body is written.
 * Public only when the route has a policy, the status is 200, no handler read what differs per visitor
 * (private-reads.ts: a header the policy varies by aside) and nothing sets a cookie; then `Cache-Control`
 * says the route's policy, `Vary` names the headers it varies by, and the weak ETag is a digest of what the
 * body is made from (those headers' values included), its deferred values awaited (a shared cache stores
 * the whole page anyway). An `If-None-Match` that matches is `not-modified`: the answer is then a 304, without
 * rendering. Everything else is `private, no-store`. It sets headers only; the answer writes the response.
 */
export async function decideCaching(
  request: Request,
  response: Response,
  { policy, status, segments, made, version }: CachingFacts,
): Promise<Caching> {
  if (!policy || !mayBePublic(request, response, status, policy)) return beingPrivate(response);
  const basis = version
    ? ['version', version]
    : await Promise.all(segments.map((state) => ('data' in state ? settled(state.data) : state)));
  // A deferred value may have read a cookie while it settled.
  if (!mayBePublic(request, response, status, policy)) return beingPrivate(response);
  setPublicHeaders(response, policy);
  response.setHeader('ETag', etagOf(request, policy, [...made, status, basis]));
  return request.fresh ? 'not-modified' : 'public';
}

/**
 * A revalidation the versions answer before any data step runs: the route's shown segments all have
 * versions, nothing read so far makes the answer private, and the request's If-None-Match matches the ETag
 * those versions give. Then its ETag and Cache-Control are set and the answer sends the 304 (true);
 * otherwise nothing is set, and decideCaching decides once the data is in.
 */
export function freshByVersion(
  request: Request,
  response: Response,
  policy: RoutePolicy,
  made: readonly unknown[],
  version: readonly unknown[],
): boolean {
  if (!mayBePublic(request, response, 200, policy)) return false;
  // Express's `fresh` compares If-None-Match with the response's ETag.
  response.setHeader('ETag', etagOf(request, policy, [...made, 200, ['version', version]]));
  if (!request.fresh) {
    response.removeHeader('ETag');
    return false;
  }
  setPublicHeaders(response, policy);
  return true;
}

/**
 * Headers of a streamed answer no cache may keep: its parts (a page's shell, then each deferred section)
 * must not be held back by a proxy either (nginx buffers unless told `X-Accel-Buffering: no`).
 */
export function streamPrivately(response: Response, cacheControl: string): void {
  response.setHeader('Cache-Control', cacheControl);
  response.removeHeader('ETag');
  response.setHeader('X-Accel-Buffering', 'no');
}

/** The caching facts of a resolved page; `made`: the representation and the request's parts of its ETag. */
export function cachingFacts(
  {
    policy,
    status,
    routeId,
    segments,
    version,
  }: {
    policy: RoutePolicy | undefined;
    status: number;
    routeId: string;
    segments: readonly { state: SegmentState }[];
    version?: readonly unknown[] | undefined;
  },
  made: readonly unknown[],
): CachingFacts {
  const shown = segments.map(({ state }) => state);
  return { policy, status, segments: shown, made: [...made, routeId], version };
}

function mayBePublic(request: Request, response: Response, status: number, policy: RoutePolicy): boolean {
  return (
    status === 200 &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    privateRead(response, policy.variants) === undefined &&
    !response.hasHeader('Set-Cookie')
  );
}

/**
 * `Cache-Control` and `Vary` of a public answer (a 304 says the same `Vary`, RFC 9110 section 15.4.5); a
 * handler may read the headers it varies by until the answer ends.
 */
function setPublicHeaders(response: Response, policy: RoutePolicy): void {
  response.setHeader('Cache-Control', publicCacheControl(policy.cache));
  for (const header of policy.variants) response.vary(spelled(header));
  noteVariants(response, policy.variants);
}

function beingPrivate(response: Response): Caching {
  response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
  response.removeHeader('ETag');
  return 'private';
}

/** A segment's data with each deferred (top-level promise) value settled to `[ok, value]`. */
async function settled(data: unknown): Promise<unknown> {
  if (typeof data !== 'object' || data === null) return data;
  const entries = await Promise.all(
    Object.entries(data).map(async ([name, value]) => {
      if (!isThenable(value)) return [name, value];
      const [outcome] = await Promise.allSettled([value]);
      return [name, outcome.status === 'fulfilled' ? [1, outcome.value] : [0]];
    }),
  );
  return Object.fromEntries(entries);
}

/** A header's name as HTTP's specifications write it: `accept-language` as `Accept-Language`. */
function spelled(header: string): string {
  return header.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** A weak ETag of what the body is made from and the values of the headers it varies by (absent: null). */
function etagOf(request: Request, policy: RoutePolicy, made: readonly unknown[]): string {
  const variant = [...policy.variants].map((header) => request.headers[header] ?? null);
  return `W/"${digest([...made, variant])}"`;
}

function digest(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27);
}

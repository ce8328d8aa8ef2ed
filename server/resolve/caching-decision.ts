import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SegmentState } from '../../shared/ui/ssr-payload.ts';
import type { CachePolicy, RoutePolicy } from '../definition/cache-policy.ts';
import { PRIVATE_CACHE_CONTROL, publicCacheControl } from '../definition/cache-policy.ts';
import type { RequestContext } from '../definition/request-context.ts';
import { privateRead } from '../request/private-reads.ts';
import { untilAborted } from '../request/request-abort.ts';
import { isThenable } from './deferred-data.ts';

/**
 * How an answer may be stored, as a plain value the answer applies (answer/caching-headers.ts): its
 * `Cache-Control`, and for a public answer its weak ETag and whether the request's copy is fresh (a 304).
 */
export type CachingDecision =
  | { type: 'private'; cacheControl: string }
  | {
      type: 'public';
      cacheControl: string;
      etag: string;
      notModified: boolean;
      /** The request headers it varies by (the policy's `varyBy`, lowercase): its `Vary`. */
      variants: readonly string[];
    };

type PublicCaching = Extract<CachingDecision, { type: 'public' }>;

export interface CachingFacts {
  /** The route's policy (branchPolicy); none: private. */
  policy: RoutePolicy | undefined;
  status: number;
  /** The shown segments: their data (deferred values settled) goes into the ETag. */
  segments: readonly { state: SegmentState }[];
  /** The rest of what the body is made from: build, representation, locale, URL…, the route last. */
  made: readonly unknown[];
  /** The shown segments' versions (CachePolicy.version): the ETag's basis instead of their data. */
  version?: readonly unknown[] | undefined;
}

/**
 * Decides a page's or data answer's caching once its data is there, before any of its body is written.
 * Public only when the route has a policy, the status is 200, no handler read what differs per visitor
 * (private-reads.ts: a header the policy varies by aside) and nothing sets a cookie; then `Cache-Control`
 * says the route's policy, `Vary` names the headers it varies by, and the weak ETag is a digest of what the
 * body is made from (those headers' values included), its deferred values awaited (a shared cache stores
 * the whole page anyway). An `If-None-Match` that matches makes it `notModified`: the answer is then a 304,
 * without rendering. Everything else is `private, no-store`. It reads the response and writes nothing.
 */
export async function decideCaching(
  request: Request,
  response: Response,
  { policy, status, segments, made, version }: CachingFacts,
): Promise<CachingDecision> {
  if (!policy || !mayBePublic(request, response, status, policy)) return PRIVATE;
  const basis = version
    ? ['version', version]
    : await Promise.all(segments.map(({ state }) => ('data' in state ? settled(state.data) : state)));
  // A deferred value may have read a cookie while it settled.
  if (!mayBePublic(request, response, status, policy)) return PRIVATE;
  return publicDecision(request, policy, etagOf(request, policy, [...made, status, basis]));
}

export interface VersionFacts {
  policy: RoutePolicy | undefined;
  /** The segments the answer leaves out (kept by the browser, or per visitor). */
  left: ReadonlySet<string> | undefined;
  context: RequestContext;
  /** The representation's parts of its ETag, the route's id last. */
  made: readonly unknown[];
}

/**
 * The first step of the same decision, before any data step runs: the versions of the segments an answer
 * shows (CachePolicy.version), read at once, when each has one and none of them is per visitor. A request
 * whose copy is fresh by them gets its 304 decision here, without data; otherwise the versions, the ETag's
 * basis once decideCaching runs. A function several segments share (a layout and its page made from the
 * same tables) is read once.
 */
export async function decideByVersions(
  request: Request,
  response: Response,
  { policy, left, context, made }: VersionFacts,
): Promise<{ version?: readonly unknown[]; etag?: string; notModified?: PublicCaching }> {
  if (!policy?.versions || ![...policy.perVisitor].every((id) => left?.has(id))) return {};
  const readings = new Map<VersionOf, unknown>();
  const readOnce = (of: VersionOf) => {
    if (!readings.has(of)) readings.set(of, of(context));
    return readings.get(of);
  };
  const version = await untilAborted(Promise.all(policy.versions.map(readOnce)), context.signal);
  if (!mayBePublic(request, response, 200, policy)) return { version };
  const etag = etagOf(request, policy, [...made, 200, ['version', version]]);
  const decision = publicDecision(request, policy, etag);
  return decision.notModified ? { version, etag, notModified: decision } : { version, etag };
}

type VersionOf = NonNullable<CachePolicy['version']>;

const PRIVATE: CachingDecision = { type: 'private', cacheControl: PRIVATE_CACHE_CONTROL };

function publicDecision(request: Request, policy: RoutePolicy, etag: string): PublicCaching {
  const cacheControl = publicCacheControl(policy.cache);
  return {
    type: 'public',
    cacheControl,
    etag,
    notModified: isFreshBy(request, etag),
    variants: [...policy.variants],
  };
}

/**
 * Express's own `req.fresh` (If-None-Match against the ETag, `no-cache` honoured) for an answer that will
 * carry `etag`, asked before the answer sets it: the getter reads the ETag from the `res` it is given.
 */
function isFreshBy(request: Request, etag: string): boolean {
  const answer = {
    statusCode: 200,
    get: (name: string) => (name.toLowerCase() === 'etag' ? etag : undefined),
  };
  const asked = { method: request.method, headers: request.headers, res: answer };
  return Reflect.get(request, 'fresh', asked) === true;
}

function mayBePublic(request: Request, response: Response, status: number, policy: RoutePolicy): boolean {
  return (
    status === 200 &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    privateRead(response, policy.variants) === undefined &&
    !response.hasHeader('Set-Cookie')
  );
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

/** A weak ETag of what the body is made from and the values of the headers it varies by (absent: null). */
function etagOf(request: Request, policy: RoutePolicy, made: readonly unknown[]): string {
  const variant = [...policy.variants].map((header) => request.headers[header] ?? null);
  return `W/"${digest([...made, variant])}"`;
}

function digest(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27);
}

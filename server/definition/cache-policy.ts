import type { RequestContext } from './request-context.ts';

/**
 * How long shared caches (nginx's proxy_cache, a CDN) may keep a segment's pages, declared by the app per
 * segment id in its server definition (`cache`). A segment without one is private: its pages are
 * `private, no-store`, as every page is by default. Times are in seconds.
 *
 * @example
 * const cache = {
 *   root: { sMaxAge: 60, staleWhileRevalidate: 600 },
 *   product: { sMaxAge: 60, staleWhileRevalidate: 600 },
 *   account: 'per-visitor',
 * } satisfies CachePolicies;
 */
export interface CachePolicy {
  /** How long a shared cache may serve the page without asking the server (`s-maxage`). */
  sMaxAge: number;
  /** How long after that it may serve the stale page while it asks again in the background. */
  staleWhileRevalidate?: number;
  /** How long a browser may keep it without asking (`max-age`); 0 by default: it revalidates by ETag. */
  maxAge?: number;
  /**
   * What the segment's data is made from, cheaper to learn than the data itself (a counter the database
   * bumps on every change, a file's mtime). When every segment a public answer shows has one, its ETag is a
   * digest of these instead of its data, and a revalidation whose ETag still matches answers 304 before any
   * data step runs. It must change whenever the data does; reading cookies in it makes the answer private.
   * One function given to several segments of a page is read once per request.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the app's own services; each app types its function itself
  version?: (context: RequestContext<any>) => unknown;
  /**
   * Request headers the segment's data may differ by (`['accept-language']`). A handler that reads another
   * header makes the answer private; one named here keeps it public, named in `Vary`, with an ETag per
   * value, so a shared cache keeps a copy per value and a 304 for one never answers another. Not `Cookie`
   * or `Authorization`: what differs per visitor is private.
   */
  varyBy?: readonly string[];
}

/**
 * Cache policies by segment id (a layout's, a page's). Server-only. `per-visitor`: the segment's data differs
 * per visitor (a cart count, who is signed in) and does not restrict its pages: a page every visitor shares
 * leaves it out (its component gets `data: null`), and the browser asks for it after hydration.
 */
export type CachePolicies = Readonly<Record<string, CachePolicy | 'per-visitor'>>;

/**
 * The version of a segment whose data is in the app's code (help articles): it changes only with a new
 * build, whose id every ETag holds already. A prerendered page whose segments all have it stays current for
 * the build's whole life, so a proxy may serve its file itself (docs/prerendering.md).
 */
export function versionOfBuild(): string {
  return 'build';
}

/** A route's caching: the strictest policy of its branch, and the per-visitor segments its pages leave out. */
export interface RoutePolicy {
  cache: Required<Omit<CachePolicy, 'version' | 'varyBy'>>;
  perVisitor: ReadonlySet<string>;
  /** Every segment's version but the per-visitor ones', in branch order; none unless each has one. */
  versions: readonly NonNullable<CachePolicy['version']>[] | undefined;
  /** The headers its segments vary by (lowercase, sorted): in `Vary`, and their values in the ETag. */
  variants: ReadonlySet<string>;
}

/** What every private answer says: no cache, shared or the browser's, may store it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * The policy of a page: the strictest of its branch's (each time the shortest), or none when a segment of
 * the branch has none (then the page is private). Worked out once per route.
 */
export function branchPolicy(
  segmentIds: readonly string[],
  policies: CachePolicies,
): RoutePolicy | undefined {
  let strictest: RoutePolicy['cache'] | undefined;
  const perVisitor = new Set<string>();
  let versions: NonNullable<CachePolicy['version']>[] | undefined = [];
  const variants = new Set<string>();
  for (const id of segmentIds) {
    const policy = Object.hasOwn(policies, id) ? policies[id] : undefined;
    if (!policy) return undefined;
    if (policy === 'per-visitor') {
      perVisitor.add(id);
      continue;
    }
    const { sMaxAge, staleWhileRevalidate = 0, maxAge = 0, version, varyBy = [] } = policy;
    for (const header of varyBy) variants.add(header.toLowerCase());
    versions = version && versions ? [...versions, version] : undefined;
    strictest = {
      sMaxAge: Math.min(sMaxAge, strictest?.sMaxAge ?? sMaxAge),
      staleWhileRevalidate: Math.min(staleWhileRevalidate, strictest?.staleWhileRevalidate ?? Infinity),
      maxAge: Math.min(maxAge, strictest?.maxAge ?? Infinity),
    };
  }
  return strictest && { cache: strictest, perVisitor, versions, variants: new Set([...variants].sort()) };
}

/** The `Cache-Control` value of a public answer. */
export function publicCacheControl({ sMaxAge, staleWhileRevalidate = 0, maxAge = 0 }: CachePolicy): string {
  const stale = staleWhileRevalidate > 0 ? `, stale-while-revalidate=${staleWhileRevalidate}` : '';
  return `public, max-age=${maxAge}, s-maxage=${sMaxAge}${stale}`;
}

/** Refuses a policy with a time that is not a whole number of seconds from 0 (at start, naming the segment). */
export function checkCachePolicies(policies: CachePolicies): void {
  for (const [id, policy] of Object.entries(policies)) {
    if (policy === 'per-visitor') continue;
    if (typeof policy !== 'object' || policy === null || typeof policy.sMaxAge !== 'number') {
      throw new TypeError(`Cache policy of segment "${id}": give { sMaxAge, … } or 'per-visitor'`);
    }
    if (policy.version !== undefined && typeof policy.version !== 'function') {
      throw new TypeError(
        `Cache policy of segment "${id}": version must be a function of the request context`,
      );
    }
    checkVaryBy(id, policy.varyBy);
    for (const [name, seconds] of Object.entries(policy)) {
      if (name === 'version' || name === 'varyBy') continue;
      if (!Number.isInteger(seconds) || (seconds as number) < 0) {
        throw new TypeError(
          `Cache policy of segment "${id}": ${name} must be a whole number of seconds from 0, got ${String(seconds)}`,
        );
      }
    }
  }
}

/** An HTTP field name (RFC 9110 section 5.1: a token). */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What differs per visitor: a page that reads it is private, never a variant. */
const NEVER_VARIANTS = new Set(['cookie', 'authorization']);

function checkVaryBy(id: string, varyBy: unknown): void {
  if (varyBy === undefined) return;
  if (!Array.isArray(varyBy)) {
    throw new TypeError(`Cache policy of segment "${id}": varyBy must be a list of request header names`);
  }
  for (const header of varyBy) {
    if (typeof header !== 'string' || !FIELD_NAME.test(header)) {
      throw new TypeError(
        `Cache policy of segment "${id}": varyBy holds ${JSON.stringify(header)}, which is not a header name`,
      );
    }
    if (NEVER_VARIANTS.has(header.toLowerCase())) {
      throw new TypeError(
        `Cache policy of segment "${id}": varyBy cannot hold ${header}: a page that reads it differs per visitor, so it is private (leave it out)`,
      );
    }
  }
}

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
}

/**
 * Cache policies by segment id (a layout's, a page's). Server-only. `per-visitor`: the segment's data differs
 * per visitor (a cart count, who is signed in) and does not restrict its pages: a page every visitor shares
 * leaves it out (its component gets `data: null`), and the browser asks for it after hydration.
 */
export type CachePolicies = Readonly<Record<string, CachePolicy | 'per-visitor'>>;

/** A route's caching: the strictest policy of its branch, and the per-visitor segments its pages leave out. */
export interface RoutePolicy {
  cache: CachePolicy;
  perVisitor: ReadonlySet<string>;
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
  let strictest: Required<CachePolicy> | undefined;
  const perVisitor = new Set<string>();
  for (const id of segmentIds) {
    const policy = Object.hasOwn(policies, id) ? policies[id] : undefined;
    if (!policy) return undefined;
    if (policy === 'per-visitor') {
      perVisitor.add(id);
      continue;
    }
    const { sMaxAge, staleWhileRevalidate = 0, maxAge = 0 } = policy;
    strictest = {
      sMaxAge: Math.min(sMaxAge, strictest?.sMaxAge ?? sMaxAge),
      staleWhileRevalidate: Math.min(staleWhileRevalidate, strictest?.staleWhileRevalidate ?? Infinity),
      maxAge: Math.min(maxAge, strictest?.maxAge ?? Infinity),
    };
  }
  return strictest && { cache: strictest, perVisitor };
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
    for (const [name, seconds] of Object.entries(policy)) {
      if (!Number.isInteger(seconds) || (seconds as number) < 0) {
        throw new TypeError(
          `Cache policy of segment "${id}": ${name} must be a whole number of seconds from 0, got ${String(seconds)}`,
        );
      }
    }
  }
}

import type { RouteNode, RouteParams } from './route-table.ts';

/**
 * A route's pattern as a regular expression, in a form that survives JSON: the server compiles it from the
 * path-to-regexp pattern at start, the browser gets it precompiled by the build (virtual:ssr-route-patterns, build/app-modules.mjs).
 */
export interface RoutePattern {
  id: string;
  /** The leaf's whole pattern (`/products/:id`), which monitoring names transactions and spans by. */
  path: string;
  /** Source of a case-sensitive regular expression with one capturing group per key. */
  source: string;
  /** One per capturing group: the param as the path pattern spells it, `id` or `*slug` (a wildcard: an array of segments). */
  keys: readonly string[];
  /** The leaf's branch, root first: each node's id and the params captured at or above it. */
  branch: readonly { id: string; params: readonly string[] }[];
}

/** One node of a matched branch, with the names of the params that decide its data. */
export interface MatchedSegment {
  node: RouteNode;
  params: readonly string[];
}

export interface RouteMatch {
  /** The matched leaf. */
  route: RouteNode;
  /** Root first, the leaf last. */
  branch: readonly MatchedSegment[];
  params: RouteParams;
}

/** What the router needs of the route tree: matching an app path and finding a node by id. */
export interface RouteMatcher {
  /** Matches a decoded-per-param app path (no base path, no locale prefix). Throws URIError on malformed encoding. */
  match(pathname: string): RouteMatch | null;
  /** Any node of the tree, layouts included. */
  byId(id: string): RouteNode | undefined;
  /** The branch of a leaf, root first. */
  branchOf(leafId: string): readonly MatchedSegment[] | undefined;
  /** The whole pattern of a leaf (`/products/:id`). */
  pathOf(leafId: string): string | undefined;
}

/** Matches one pattern, decoding each param as path-to-regexp's `match` does (wildcards split on `/`). */
export function matchPattern(
  regexp: RegExp,
  keys: RoutePattern['keys'],
  pathname: string,
): RouteParams | null {
  const found = regexp.exec(pathname);
  if (!found) return null;
  const params: RouteParams = Object.create(null);
  keys.forEach((key, index) => {
    const value = found[index + 1];
    if (value === undefined) return;
    if (key.startsWith('*')) params[key.slice(1)] = value.split('/').map(decodeURIComponent);
    else params[key] = decodeURIComponent(value);
  });
  return params;
}

/**
 * A matcher over patterns validated and ranked (most specific first) by the route compiler from the same
 * tree. A pattern whose leaf is not in `tree` is left out: the build compiles the debug routes for the
 * browser, whose tree has them only when the server serves them.
 */
export function createRouteMatcher(
  tree: readonly RouteNode[],
  rankedPatterns: readonly RoutePattern[],
): RouteMatcher {
  const byId = new Map<string, RouteNode>();
  const index = (node: RouteNode) => {
    byId.set(node.id, node);
    node.children?.forEach(index);
  };
  tree.forEach(index);
  const compiled = rankedPatterns
    .filter((pattern) => byId.has(pattern.id))
    .map((pattern) => ({
      ...pattern,
      route: byId.get(pattern.id)!,
      branch: pattern.branch.map(({ id, params }) => ({ node: byId.get(id)!, params })),
      regexp: new RegExp(pattern.source),
    }));
  const byLeaf = new Map(compiled.map((leaf) => [leaf.route.id, leaf]));
  return {
    match(pathname) {
      for (const { route, branch, regexp, keys } of compiled) {
        const params = matchPattern(regexp, keys, pathname);
        if (params) return { route, branch, params };
      }
      return null;
    },
    byId: (id) => byId.get(id),
    branchOf: (leafId) => byLeaf.get(leafId)?.branch,
    pathOf: (leafId) => byLeaf.get(leafId)?.path,
  };
}

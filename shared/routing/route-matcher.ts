import type { RouteDefinition, RouteParams } from './route-table.ts';

/**
 * A route's pattern as a regular expression, in a form that survives JSON: the server compiles it from the
 * path-to-regexp pattern at start, the browser gets it precompiled by the build (client/route-patterns.ts).
 */
export interface RoutePattern {
  id: string;
  /** Source of a case-sensitive regular expression with one capturing group per key. */
  source: string;
  /** One per capturing group: the param as the path pattern spells it, `id` or `*slug` (a wildcard: an array of segments). */
  keys: readonly string[];
}

export interface RouteMatch {
  route: RouteDefinition;
  params: RouteParams;
}

/** What the router needs of the route table: matching an app path and finding a route by id. */
export interface RouteMatcher {
  /** Matches a decoded-per-param app path (no base path, no locale prefix). Throws URIError on malformed encoding. */
  match(pathname: string): RouteMatch | null;
  byId(id: string): RouteDefinition | undefined;
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

/** A matcher over patterns already validated and ranked (most specific first) by the route compiler. */
export function createRouteMatcher(
  definitions: readonly RouteDefinition[],
  rankedPatterns: readonly RoutePattern[],
): RouteMatcher {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const compiled = rankedPatterns.map((pattern) => {
    const route = byId.get(pattern.id);
    if (!route) throw new Error(`Pattern "${pattern.id}" has no route definition`);
    return { route, regexp: new RegExp(pattern.source), keys: pattern.keys };
  });
  if (compiled.length !== byId.size) throw new Error('Route patterns and definitions differ');
  return {
    match(pathname) {
      for (const { route, regexp, keys } of compiled) {
        const params = matchPattern(regexp, keys, pathname);
        if (params) return { route, params };
      }
      return null;
    },
    byId: (id) => byId.get(id),
  };
}

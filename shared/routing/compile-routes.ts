import { PathError, parse, pathToRegexp, type Token } from 'path-to-regexp';
import { RESERVED_SEGMENTS } from './reserved-paths.ts';
import { type RouteLeaf, routeLeaves } from './route-leaves.ts';
import { createRouteMatcher, type RouteMatcher, type RoutePattern } from './route-matcher.ts';
import type { RouteNode } from './route-table.ts';

/**
 * Segment kinds in ranking order: at each segment, static beats dynamic beats catch-all beats optional
 * catch-all. `end` (the pattern has no more segments) ranks first, so `/shop` beats `/shop{/*category}`.
 */
const SEGMENT_RANK = { end: 0, static: 1, dynamic: 2, 'catch-all': 3, 'optional-catch-all': 4 } as const;
type SegmentKind = keyof typeof SEGMENT_RANK;

interface Segment {
  kind: SegmentKind;
  /** The static text, or the shape of a mixed segment such as `:id.json`; compared for ambiguity. */
  shape: string;
}

export interface CompiledRoute {
  /** The leaf this route ends at. */
  definition: RouteNode;
  /** The leaf's whole pattern: the path pieces of its branch joined. */
  path: string;
  segments: Segment[];
  pattern: RoutePattern;
}

/** A route table compiled once at start: matching is a walk over pre-ranked regular expressions. */
export interface CompiledRouteTable extends RouteMatcher {
  /** Most specific first; `patterns` in the same order. */
  routes: readonly CompiledRoute[];
  /** The ranked patterns as data, for the browser bundle (virtual:ssr-route-patterns, build/app-modules.mjs). */
  patterns: readonly RoutePattern[];
}

export class RouteTableError extends Error {
  override readonly name = 'RouteTableError';
}

/**
 * Validates, ranks and compiles a route tree (its top-level nodes). Fails fast (at start) on a duplicate id,
 * a bad pattern or two leaves that would match the same URLs at the same rank.
 */
export function compileRoutes(tree: readonly RouteNode[]): CompiledRouteTable {
  const compiled = leavesOf(tree).map(({ branch, path }) => compileRoute(branch, path));
  compiled.sort(compareRoutes);
  assertNoAmbiguity(compiled);
  const patterns = compiled.map((route) => route.pattern);
  return { routes: compiled, patterns, ...createRouteMatcher(tree, patterns) };
}

/** Every leaf with its branch (root first) and its whole pattern; checks ids and path pieces on the way. */
function leavesOf(tree: readonly RouteNode[]): RouteLeaf[] {
  const ids = new Set<string>();
  return routeLeaves(tree, (node) => {
    if (ids.has(node.id)) throw new RouteTableError(`Duplicate route id "${node.id}"`);
    ids.add(node.id);
    const piece = node.path ?? '';
    if (piece !== '' && !piece.startsWith('/') && !piece.startsWith('{')) {
      throw new RouteTableError(`Route "${node.id}": path piece "${piece}" must start with "/" or "{"`);
    }
  });
}

function compileRoute(branch: RouteNode[], path: string): CompiledRoute {
  const definition = branch[branch.length - 1] as RouteNode;
  const { id } = definition;
  if (!path.startsWith('/')) {
    throw new RouteTableError(`Route "${id}": pattern "${path}" must start with "/"`);
  }
  const first = /^\/([^/{:*]+)(?=\/|\{|$)/.exec(path)?.[1];
  if (first !== undefined && (RESERVED_SEGMENTS as readonly string[]).includes(first)) {
    throw new RouteTableError(
      `Route "${id}": pattern "${path}" starts with "${first}", which the runtime answers itself (reserved: ${RESERVED_SEGMENTS.join(', ')})`,
    );
  }
  if (path.length > 1 && path.endsWith('/')) {
    throw new RouteTableError(
      `Route "${id}": pattern "${path}" must not end with "/" (trailing slashes redirect)`,
    );
  }
  try {
    const tokens = parse(path).tokens;
    // Case-sensitive (docs/routes.md#patterns), no trailing slash: the normaliser has already answered
    // 308 to the path without it (docs/locales-and-base-path.md#how-a-url-is-read).
    const { regexp, keys } = pathToRegexp(path, { sensitive: true, trailing: false });
    const pattern: RoutePattern = {
      id,
      path,
      source: regexp.source,
      keys: keys.map((key) => (key.type === 'wildcard' ? `*${key.name}` : key.name)),
      branch: branchParams(branch),
    };
    return { definition, path, segments: toSegments(tokens, id, path), pattern };
  } catch (error) {
    if (error instanceof PathError || error instanceof TypeError) {
      throw new RouteTableError(`Route "${id}": bad pattern "${path}": ${error.message}`);
    }
    throw error;
  }
}

/** Per node of a branch, the names of the params its pieces (and its parents') capture. */
function branchParams(branch: RouteNode[]): RoutePattern['branch'] {
  const names: string[] = [];
  return branch.map((node) => {
    if (node.path) names.push(...paramNamesOf(parse(node.path).tokens));
    return { id: node.id, params: [...names] };
  });
}

function paramNamesOf(tokens: Token[]): string[] {
  return tokens.flatMap((token) => {
    if (token.type === 'param' || token.type === 'wildcard') return [token.name];
    return token.type === 'group' ? paramNamesOf(token.tokens) : [];
  });
}

/** Splits parsed tokens into `/`-separated segments and classifies each one. */
function toSegments(tokens: Token[], id: string, path: string): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | null = null;
  const push = (kind: SegmentKind, shape: string) => {
    if (!current) {
      current = { kind, shape };
      segments.push(current);
      return;
    }
    current.shape += shape;
    if (SEGMENT_RANK[kind] > SEGMENT_RANK[current.kind]) current.kind = kind;
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'text': {
        const parts = token.value.split('/');
        parts.forEach((part, index) => {
          if (index > 0) current = null;
          if (part !== '') push('static', part);
        });
        break;
      }
      case 'param':
        push('dynamic', ':');
        break;
      case 'wildcard':
        push('catch-all', '*');
        break;
      case 'group': {
        const [first, second, ...others] = token.tokens;
        const isOptionalCatchAll =
          first?.type === 'text' && first.value === '/' && second?.type === 'wildcard' && others.length === 0;
        if (!isOptionalCatchAll) {
          throw new RouteTableError(
            `Route "${id}": pattern "${path}" uses an optional group other than "{/*name}"; declare a separate route instead`,
          );
        }
        current = null;
        push('optional-catch-all', '{*}');
        current = null;
        break;
      }
    }
  }
  return segments;
}

function compareRoutes(a: CompiledRoute, b: CompiledRoute): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index += 1) {
    const rankA = SEGMENT_RANK[a.segments[index]?.kind ?? 'end'];
    const rankB = SEGMENT_RANK[b.segments[index]?.kind ?? 'end'];
    if (rankA !== rankB) return rankA - rankB;
  }
  return 0;
}

function assertNoAmbiguity(routes: CompiledRoute[]): void {
  const seen = new Map<string, CompiledRoute>();
  for (const route of routes) {
    const signature = route.segments.map((segment) => `${segment.kind}:${segment.shape}`).join('/');
    const twin = seen.get(signature);
    if (twin) {
      throw new RouteTableError(
        `Routes "${twin.definition.id}" (${twin.path}) and "${route.definition.id}" (${route.path}) match the same URLs at the same rank`,
      );
    }
    seen.set(signature, route);
  }
}

import { PathError, parse, pathToRegexp, type Token } from 'path-to-regexp';
import { createRouteMatcher, type RouteMatcher, type RoutePattern } from './route-matcher.ts';
import type { RouteDefinition } from './route-table.ts';

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
  definition: RouteDefinition;
  segments: Segment[];
  pattern: RoutePattern;
}

/** A route table compiled once at start: matching is a walk over pre-ranked regular expressions. */
export interface CompiledRouteTable extends RouteMatcher {
  /** Most specific first; `patterns` in the same order. */
  routes: readonly CompiledRoute[];
  /** The ranked patterns as data, for the browser bundle (see client/route-patterns.ts). */
  patterns: readonly RoutePattern[];
}

export class RouteTableError extends Error {
  override readonly name = 'RouteTableError';
}

/** Validates, ranks and compiles a route table. Fails fast (at start) on a bad pattern or ambiguous routes. */
export function compileRoutes(definitions: readonly RouteDefinition[]): CompiledRouteTable {
  const ids = new Set<string>();
  const compiled = definitions.map((definition) => {
    if (ids.has(definition.id)) throw new RouteTableError(`Duplicate route id "${definition.id}"`);
    ids.add(definition.id);
    return compileRoute(definition);
  });
  compiled.sort(compareRoutes);
  assertNoAmbiguity(compiled);
  const patterns = compiled.map((route) => route.pattern);
  return { routes: compiled, patterns, ...createRouteMatcher(definitions, patterns) };
}

function compileRoute(definition: RouteDefinition): CompiledRoute {
  const { id, path } = definition;
  if (!path.startsWith('/')) {
    throw new RouteTableError(`Route "${id}": pattern "${path}" must start with "/"`);
  }
  if (path.length > 1 && path.endsWith('/')) {
    throw new RouteTableError(
      `Route "${id}": pattern "${path}" must not end with "/" (trailing slashes redirect)`,
    );
  }
  try {
    const tokens = parse(path).tokens;
    // Case-sensitive, no trailing slash: the normaliser has already removed it (DESIGN.md section 4).
    const { regexp, keys } = pathToRegexp(path, { sensitive: true, trailing: false });
    const pattern: RoutePattern = {
      id,
      source: regexp.source,
      keys: keys.map((key) => (key.type === 'wildcard' ? `*${key.name}` : key.name)),
    };
    return { definition, segments: toSegments(tokens, id, path), pattern };
  } catch (error) {
    if (error instanceof PathError || error instanceof TypeError) {
      throw new RouteTableError(`Route "${id}": bad pattern "${path}": ${error.message}`);
    }
    throw error;
  }
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
        `Routes "${twin.definition.id}" (${twin.definition.path}) and "${route.definition.id}" (${route.definition.path}) match the same URLs at the same rank`,
      );
    }
    seen.set(signature, route);
  }
}

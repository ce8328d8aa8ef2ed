import type { RouteActions } from '../definition/action.ts';
import type { CachePolicies } from '../definition/cache-policy.ts';
import type { DataSteps } from '../definition/data-step.ts';
import type { Middlewares } from '../definition/middleware.ts';
import type { ResourceHandlers } from '../definition/resource.ts';
import type { SegmentServer } from '../definition/segment-server.ts';
import type { AnyServerApp } from '../definition/server-app-definition.ts';

/** An app's server handlers by id, as the runtime runs them, gathered from its segment modules and maps. */
export interface ServerParts {
  middleware: Middlewares;
  dataSteps: DataSteps;
  actions: RouteActions;
  resources: ResourceHandlers;
  cache: CachePolicies;
}

/** A segment module the runtime cannot take: a repeated id, or a part given twice. */
export class SegmentServerError extends Error {
  override readonly name = 'SegmentServerError';
}

type Definition = Pick<
  AnyServerApp,
  'segments' | 'middleware' | 'dataSteps' | 'actions' | 'resources' | 'cache'
>;

/** Each part of a segment module, and the map of the server definition it goes to. */
const PART_MAPS = {
  data: 'dataSteps',
  middleware: 'middleware',
  actions: 'actions',
  resource: 'resources',
  cache: 'cache',
} as const satisfies Record<Exclude<keyof SegmentServer, 'id'>, keyof ServerParts>;

/**
 * The server definition's handlers by id: its `segments` list, each module's parts put under its id, and the
 * maps it may still give (`dataSteps`, `middleware`, `actions`, `resources`, `cache`). Fails at start, naming
 * the segment, on two modules with one id or a part given both in a module and in a map.
 */
export function serverPartsOf(definition: Definition): ServerParts {
  const parts: ServerParts = {
    middleware: { ...definition.middleware },
    dataSteps: { ...definition.dataSteps },
    actions: { ...definition.actions },
    resources: { ...definition.resources },
    cache: { ...definition.cache },
  };
  const seen = new Set<string>();
  for (const segment of definition.segments ?? []) {
    const { id } = segment ?? {};
    if (typeof id !== 'string') {
      throw new SegmentServerError('A segment module has no id: declare it with segment(id, parts)');
    }
    if (seen.has(id)) {
      throw new SegmentServerError(`Two segment modules are named "${id}": give each segment one module`);
    }
    seen.add(id);
    for (const [part, map] of Object.entries(PART_MAPS)) {
      const value = segment[part as keyof typeof PART_MAPS];
      if (value === undefined) continue;
      const target = parts[map] as Record<string, unknown>;
      if (Object.hasOwn(target, id)) {
        throw new SegmentServerError(
          `Segment "${id}" has its ${part} both in its segment module and in the server definition's ${map}: keep one`,
        );
      }
      target[id] = value;
    }
  }
  return parts;
}

/** Refuses a segment module whose id names no segment of the route tree (at start). */
export function checkSegmentIds(
  segments: readonly SegmentServer[] | undefined,
  hasSegment: (id: string) => boolean,
): void {
  for (const { id } of segments ?? []) {
    if (!hasSegment(id)) {
      throw new SegmentServerError(
        `Segment module "${id}": the route tree has no segment with that id; name it by a segment id of the tree`,
      );
    }
  }
}

/** The parts with some handlers replaced by id (the test kit's overrides). */
export function serverPartsWith(
  definition: Definition,
  overrides: Partial<Omit<ServerParts, 'cache'>>,
): ServerParts {
  const parts = serverPartsOf(definition);
  return {
    middleware: { ...parts.middleware, ...overrides.middleware },
    dataSteps: { ...parts.dataSteps, ...overrides.dataSteps },
    actions: { ...parts.actions, ...overrides.actions },
    resources: { ...parts.resources, ...overrides.resources },
    cache: parts.cache,
  };
}

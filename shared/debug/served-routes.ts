import { compileRoutes } from '../routing/compile-routes.ts';
import type { RouteNode } from '../routing/route-table.ts';
import { withDebugRoutes } from './routes.ts';

/**
 * The route tree the runtime serves, compiled: the app's root with the debug routes under it when they are
 * enabled. The server compiles it at start; the build compiles it with the debug routes for the browser,
 * which matches with the build's ranked patterns (the server decides whether a debug route answers).
 */
export function compileServedRoutes(root: RouteNode, debugRoutes: boolean) {
  const served = withDebugRoutes(root, debugRoutes);
  return { root: served, routes: compileRoutes([served]) };
}

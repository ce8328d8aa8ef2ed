// The route table's ranked patterns as data. build.mjs evaluates this module at build time and bundles only
// the value it exports, so the route compiler and path-to-regexp never reach the browser; type checks and
// tests run this source form, which computes the same value.
import { withDebugRoutes } from '../shared/debug/routes.ts';
import { compileRoutes } from '../shared/routing/compile-routes.ts';
import type { RoutePattern } from '../shared/routing/route-matcher.ts';
import { storefrontRoutes } from '../shared/storefront/routes.ts';

/** The tree the browser matches against (the debug routes always: the server decides whether they exist). */
export const routeTree = withDebugRoutes(storefrontRoutes, true);

const routePatterns: readonly RoutePattern[] = compileRoutes([routeTree]).patterns;
export default routePatterns;

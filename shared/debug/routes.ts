import type { RouteNode } from '../routing/route-table.ts';

/** Routes that exist only with ENABLE_DEBUG_ROUTES=1, to verify monitoring and timeouts in a deployment. */
const DEBUG_ROUTES: readonly RouteNode[] = [
  { id: 'debug-error', path: '/debug/error', module: () => import('./debug-error.tsx') },
  { id: 'debug-slow', path: '/debug/slow', module: () => import('./debug-slow.tsx') },
  { id: 'debug-client-error', path: '/debug/client-error', module: () => import('./debug-client-error.tsx') },
];

/** The app's route tree, with the debug routes under its root layout when they are enabled. */
export function withDebugRoutes(root: RouteNode, enabled: boolean): RouteNode {
  return enabled ? { ...root, children: [...(root.children ?? []), ...DEBUG_ROUTES] } : root;
}

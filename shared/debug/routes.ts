import type { RouteDefinition } from '../routing/route-table.ts';

/** Routes that exist only with ENABLE_DEBUG_ROUTES=1, to verify monitoring and timeouts in a deployment. */
export const debugRoutes: readonly RouteDefinition[] = [
  { id: 'debug-error', path: '/debug/error', page: () => import('./debug-error.tsx') },
  { id: 'debug-slow', path: '/debug/slow', page: () => import('./debug-slow.tsx') },
  { id: 'debug-client-error', path: '/debug/client-error', page: () => import('./debug-client-error.tsx') },
];

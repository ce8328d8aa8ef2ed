/**
 * The runtime's public API for the browser side: the one module of client/ an app (or its tests) imports.
 * The router starts by itself from the runtime's entry, and the hooks an app's components call render on
 * both sides, so they are in shared/index.ts; what is left here are the browser router's tunables.
 */
export { PENDING_COMPONENT_DELAY_MS, ROUTE_LOAD_TIMEOUT_MS } from './navigation/route-loading.ts';
export { PREFETCH_CONCURRENCY, PREFETCH_EXPIRE_MS, PREFETCH_FRESH_MS } from './navigation/router-model.ts';

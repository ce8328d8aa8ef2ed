import type { RouteNode, SegmentModule } from '../../shared/routing/route-table.ts';

/** One import per segment module for the process; once loaded, taken as is (no promise per request). */
export function createModuleCache() {
  const pending = new Map<string, Promise<SegmentModule>>();
  const loaded = new Map<string, SegmentModule>();
  const empty: SegmentModule = {};
  return function loadModule(node: RouteNode): SegmentModule | Promise<SegmentModule> {
    if (!node.module) return empty;
    const module = loaded.get(node.id);
    if (module) return module;
    let loading = pending.get(node.id);
    if (!loading) {
      loading = node.module();
      loading.then(
        (value) => loaded.set(node.id, value),
        () => pending.delete(node.id),
      );
      pending.set(node.id, loading);
    }
    return loading;
  };
}

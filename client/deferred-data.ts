import { DEFERRED_MARKER, SSR_DEFERRED_GLOBAL } from '../shared/ui/ssr-payload.ts';

type DeferredEntry = [key: string, ok: 0 | 1, value: unknown];

declare global {
  interface Window {
    [SSR_DEFERRED_GLOBAL]?: DeferredEntry[];
  }
}

/**
 * Replaces each `{ $deferred: key }` placeholder in the hydration data with a promise that the server's
 * inline scripts settle (`__ssrDeferred.push([key, ok, value])`), whether they ran before this code
 * or arrive later in the stream. Nothing is fetched again.
 */
export function reviveDeferredData(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const settlers = new Map<string, (entry: DeferredEntry) => void>();
  const revived: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!isDeferredMarker(value)) {
      revived[key] = value;
      continue;
    }
    revived[key] = new Promise((resolve, reject) => {
      settlers.set(value[DEFERRED_MARKER], ([, ok, settled]) =>
        ok ? resolve(settled) : reject(new Error(`Deferred value "${key}" failed on the server`)),
      );
    });
  }
  if (settlers.size === 0) return revived;

  window[SSR_DEFERRED_GLOBAL] ??= [];
  const queue = window[SSR_DEFERRED_GLOBAL];
  const settle = (entry: DeferredEntry) => settlers.get(entry[0])?.(entry);
  for (const entry of queue) settle(entry);
  const push = queue.push.bind(queue);
  queue.push = (...entries: DeferredEntry[]) => {
    for (const entry of entries) settle(entry);
    return push(...entries);
  };
  return revived;
}

function isDeferredMarker(value: unknown): value is { [DEFERRED_MARKER]: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)[DEFERRED_MARKER] === 'string' &&
    Object.keys(value).length === 1
  );
}

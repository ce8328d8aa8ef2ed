import { DEFERRED_MARKER, type DeferredEntry, SSR_DEFERRED_GLOBAL } from '../shared/ui/ssr-payload.ts';

declare global {
  interface Window {
    [SSR_DEFERRED_GLOBAL]?: DeferredEntry[];
  }
}

export interface RevivedData {
  /** The data with each `{ $deferred: key }` placeholder replaced by a promise. */
  data: unknown;
  /** Settles the promise of one key (later entries for the same key are ignored). */
  settle(entry: DeferredEntry): void;
  /** Rejects every promise still pending (the stream ended or was aborted). */
  failPending(): void;
}

/** Replaces deferred placeholders with promises that `settle` resolves as the server streams values in. */
export function reviveDeferredData(data: unknown): RevivedData {
  const settlers = new Map<string, (entry: DeferredEntry) => void>();
  const revived = {
    data,
    settle: (entry: DeferredEntry) => settlers.get(entry[0])?.(entry),
    failPending() {},
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return revived;

  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!isDeferredMarker(value)) {
      output[key] = value;
      continue;
    }
    output[key] = new Promise((resolve, reject) => {
      settlers.set(value[DEFERRED_MARKER], ([, ok, settled]) => {
        settlers.delete(key);
        if (ok) resolve(settled);
        else reject(new Error(`Deferred value "${key}" failed on the server`));
      });
    });
  }
  return {
    data: output,
    settle: revived.settle,
    failPending() {
      for (const settle of [...settlers.values()]) settle(['', 0, null]);
    },
  };
}

/**
 * On the first load, deferred values arrive as inline scripts (`__ssrDeferred.push([key, ok, value])`),
 * some before this code runs and some after: settle both, without fetching anything again.
 */
export function settleFromInlineScripts(revived: RevivedData): void {
  window[SSR_DEFERRED_GLOBAL] ??= [];
  const queue = window[SSR_DEFERRED_GLOBAL];
  for (const entry of queue) revived.settle(entry);
  const push = queue.push.bind(queue);
  queue.push = (...entries: DeferredEntry[]) => {
    for (const entry of entries) revived.settle(entry);
    return push(...entries);
  };
}

function isDeferredMarker(value: unknown): value is { [DEFERRED_MARKER]: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)[DEFERRED_MARKER] === 'string' &&
    Object.keys(value).length === 1
  );
}

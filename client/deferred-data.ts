import {
  DEFERRED_MARKER,
  type DeferredEntry,
  type SegmentState,
  SSR_DEFERRED_GLOBAL,
} from '../shared/ui/ssr-payload.ts';

declare global {
  interface Window {
    [SSR_DEFERRED_GLOBAL]?: DeferredEntry[];
  }
}

/** What settles revived values as the server streams them. */
export interface DeferredSettler {
  /** Settles the promise of one key (later entries for the same key are ignored). */
  settle(entry: DeferredEntry): void;
  /** Rejects every promise still pending (the stream ended or was aborted). */
  failPending(): void;
}

/**
 * Replaces each deferred placeholder (`{ $deferred: key }`) in the data of the segments that have data with a
 * promise, which the returned settler settles as the server streams values in. One settler serves every
 * segment: keys are unique in a page. Only a top-level value can be deferred.
 */
export function reviveSegments<Segment extends SegmentState | null>(
  segments: readonly Segment[],
): { segments: Segment[]; revived: DeferredSettler } {
  const settlers = new Map<string, (entry: DeferredEntry) => void>();
  const revive = (value: unknown) => {
    if (!isDeferredMarker(value)) return value;
    const key = value[DEFERRED_MARKER];
    return new Promise((resolve, reject) => {
      settlers.set(key, ([, ok, settled]) => {
        settlers.delete(key);
        if (ok) resolve(settled);
        else reject(new Error(`Deferred ${key} failed on the server`));
      });
    });
  };
  const revivedSegments = segments.map((segment): Segment => {
    const data = segment && 'data' in segment ? segment.data : undefined;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return segment;
    return {
      ...segment,
      data: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, revive(value)])),
    };
  });
  return {
    segments: revivedSegments,
    revived: {
      settle: (entry) => settlers.get(entry[0])?.(entry),
      failPending() {
        for (const settle of settlers.values()) settle(['', 0, null]);
      },
    },
  };
}

/**
 * On the first load, deferred values arrive as inline scripts (`__ssrDeferred.push([key, ok, value])`),
 * some before this code runs and some after: settle both, without fetching anything again.
 */
export function settleFromInlineScripts(revived: DeferredSettler): void {
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
  const marker = (value as Record<string, unknown> | null | undefined)?.[DEFERRED_MARKER];
  return typeof marker === 'string' && Object.keys(value as object).length === 1;
}

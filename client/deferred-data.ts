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

export interface RevivedData {
  /** The data with each `{ $deferred: key }` placeholder replaced by a promise. */
  data: unknown;
  /** Settles the promise of one key (later entries for the same key are ignored). */
  settle(entry: DeferredEntry): void;
  /** Rejects every promise still pending (the stream ended or was aborted). */
  failPending(): void;
}

/** What settles revived values as the server streams them. */
export type DeferredSettler = Pick<RevivedData, 'settle' | 'failPending'>;

/** Replaces deferred placeholders with promises that `settle` resolves as the server streams values in. */
export function reviveDeferredData(data: unknown): RevivedData {
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
  // Only a top-level value can be deferred.
  const isRecord = typeof data === 'object' && data !== null && !Array.isArray(data);
  return {
    data: isRecord
      ? Object.fromEntries(Object.entries(data).map(([key, value]) => [key, revive(value)]))
      : data,
    settle: (entry) => settlers.get(entry[0])?.(entry),
    failPending() {
      for (const settle of settlers.values()) settle(['', 0, null]);
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

/** Revives the deferred values of every segment that has data; one `settle` for all (keys are unique). */
export function reviveSegments<Segment extends SegmentState | null>(
  segments: readonly Segment[],
): {
  segments: Segment[];
  revived: DeferredSettler;
} {
  const revivers: RevivedData[] = [];
  const revivedSegments = segments.map((segment): Segment => {
    if (!segment || !('data' in segment)) return segment;
    const reviver = reviveDeferredData(segment.data);
    revivers.push(reviver);
    return { ...segment, data: reviver.data } as Segment;
  });
  return {
    segments: revivedSegments,
    revived: {
      settle: (entry) => {
        for (const reviver of revivers) reviver.settle(entry);
      },
      failPending: () => {
        for (const reviver of revivers) reviver.failPending();
      },
    },
  };
}

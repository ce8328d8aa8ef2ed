import { DEFERRED_MARKER, type DeferredEntry } from '../../shared/ui/ssr-payload.ts';
import { type RequestAbort, untilAborted } from '../request/request-abort.ts';

export interface DeferredData {
  /** The data with each pending top-level value replaced by `{ $deferred: key }`, ready to serialize. */
  serializable: unknown;
  /** One promise per deferred key, settling to `[key, ok, value]` (never rejecting). */
  entries: Promise<DeferredEntry>[];
}

/**
 * Splits a data object into what is known now and what streams later. Only top-level promises are
 * deferred. A rejected value is reported through `onRejected` and reaches the browser as a failure
 * without its message, so `<Await>` renders its error element there too. An abort (deadline, client
 * gone) settles what is still pending as a failure, unreported.
 */
export function prepareDeferredData(
  data: unknown,
  abort: RequestAbort,
  onRejected: (error: unknown, key: string) => void,
  /** Put before each key: the segment's id, so keys stay unique across the segments of a page. */
  keyPrefix = '',
): DeferredData {
  if (!isPlainObject(data)) return { serializable: data, entries: [] };
  const serializable: Record<string, unknown> = {};
  const entries: Promise<DeferredEntry>[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (!isThenable(value)) {
      serializable[name] = value;
      continue;
    }
    const key = `${keyPrefix}${name}`;
    serializable[name] = { [DEFERRED_MARKER]: key };
    entries.push(
      untilAborted(value, abort.signal).then(
        (resolved): DeferredEntry => [key, 1, resolved],
        (error: unknown): DeferredEntry => {
          if (!abort.aborted) onRejected(error, key);
          return [key, 0, null];
        },
      ),
    );
  }
  return { serializable, entries };
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

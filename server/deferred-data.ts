import { DEFERRED_MARKER, SSR_DEFERRED_GLOBAL } from '../shared/ui/ssr-payload.ts';
import { untilAborted } from './request-abort.ts';
import { serializeForScript } from './serialize-for-script.ts';

/** A deferred value once settled, as the inline script that hands it to the browser. */
export type DeferredScript = string;

export interface DeferredData {
  /** The data with each pending top-level value replaced by `{ $deferred: key }`, ready to serialize. */
  serializable: unknown;
  /** One promise per deferred key; each settles to its script (never rejects). */
  scripts: Promise<DeferredScript>[];
}

/**
 * Splits a data object into what is known now and what streams later. Only top-level promises are
 * deferred. A rejected value is reported through `onRejected` and reaches the browser as a failure
 * without its message, so `<Await>` renders its error element there too.
 */
export function prepareDeferredData(
  data: unknown,
  signal: AbortSignal,
  onRejected: (error: unknown, key: string) => void,
): DeferredData {
  if (!isPlainObject(data)) return { serializable: data, scripts: [] };
  const serializable: Record<string, unknown> = {};
  const scripts: Promise<DeferredScript>[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (!isThenable(value)) {
      serializable[key] = value;
      continue;
    }
    serializable[key] = { [DEFERRED_MARKER]: key };
    scripts.push(
      untilAborted(value, signal).then(
        (resolved) => deferredScript(key, true, resolved),
        (error: unknown) => {
          if (!signal.aborted) onRejected(error, key);
          return deferredScript(key, false, null);
        },
      ),
    );
  }
  return { serializable, scripts };
}

function deferredScript(key: string, ok: boolean, value: unknown): DeferredScript {
  return `(self.${SSR_DEFERRED_GLOBAL}||=[]).push(${serializeForScript([key, ok ? 1 : 0, value])})`;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

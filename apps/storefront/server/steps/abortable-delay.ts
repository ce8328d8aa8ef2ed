/**
 * Resolves with `produce()` after `ms`, unless `signal` aborts first: then the timer is cleared and the
 * promise rejects with the abort reason, so no work outlives a request that is gone.
 */
export function abortableDelay<T>(ms: number, signal: AbortSignal, produce: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      try {
        resolve(produce());
      } catch (error) {
        reject(error);
      }
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

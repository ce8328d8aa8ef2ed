import type { DataSteps } from './data-step.ts';

/** `/debug/slow?ms=N` waits at most this long. */
export const DEBUG_SLOW_MAX_MS = 30_000;

/** Thrown on purpose by `/debug/error`, to check that monitoring sees a real failure. */
export class DebugError extends Error {
  override readonly name = 'DebugError';
}

export const debugDataSteps: DataSteps = {
  'debug-error': () => {
    throw new DebugError('Deliberate failure from /debug/error');
  },
  'debug-slow': async ({ url, signal }) => {
    const requested = Number(url.searchParams.get('ms') ?? '1000');
    const waitedMs = Number.isFinite(requested)
      ? Math.min(Math.max(Math.trunc(requested), 0), DEBUG_SLOW_MAX_MS)
      : 0;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitedMs);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return { waitedMs };
  },
};

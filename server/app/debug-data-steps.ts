import type { DataSteps } from '../definition/data-step.ts';

/** `/debug/slow?ms=N` waits at most this long. */
export const DEBUG_SLOW_MAX_MS = 30_000;

/** Thrown on purpose by `/debug/error`, to check that monitoring sees a real failure. */
export class DebugError extends Error {
  override readonly name = 'DebugError';
}

/** The delay `/debug/slow?ms=` asks for, clamped to 0..DEBUG_SLOW_MAX_MS (1000 when absent, 0 when not a number). */
export function debugSlowDelayMs(requested: string | null): number {
  const ms = Number(requested ?? '1000');
  return Number.isFinite(ms) ? Math.min(Math.max(Math.trunc(ms), 0), DEBUG_SLOW_MAX_MS) : 0;
}

export const debugDataSteps: DataSteps = {
  'debug-error': () => {
    throw new DebugError('Deliberate failure from /debug/error');
  },
  'debug-slow': async ({ url, signal, after }) => {
    const waitedMs = debugSlowDelayMs(url.searchParams.get('ms'));
    // `&after=N`: work of N ms once the answer is out, for checking that shutdown waits for it.
    const afterMs = url.searchParams.get('after');
    if (afterMs !== null) after(() => sleep(debugSlowDelayMs(afterMs)));
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

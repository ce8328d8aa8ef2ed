import { randomUUID } from 'node:crypto';
import type { ServerAppDefinition, ServerInstrumentation } from '#runtime/server';
import { dataSteps } from './caching.ts';

// #region step-timing
/** Logs each data step's time, by route pattern and segment, with how it ended. */
export function logDataStepTimes(log: (line: string) => void = console.log): ServerInstrumentation {
  return {
    async dataStep(step, run) {
      const started = performance.now();
      const { status } = await run();
      const ms = (performance.now() - started).toFixed(1);
      log(`${step.request.method} ${step.routePattern} ${step.segmentId}: ${status} in ${ms} ms`);
    },
  };
}

export const timedServer = {
  dataSteps,
  instrumentations: [logDataStepTimes()],
} satisfies ServerAppDefinition;
// #endregion step-timing

/** What an error tracking service of the app's own would be sent. */
export interface ErrorReport {
  id: string;
  error: unknown;
  route: string | undefined;
  step: string | undefined;
}

// #region error-hook
/** Sends every unexpected error of a request to the app's own service; its id is the 500 page's. */
export function reportTo(send: (report: ErrorReport) => void): ServerInstrumentation {
  return {
    onRequestError(error, { routePattern, kind }) {
      const id = randomUUID();
      send({ id, error, route: routePattern, step: kind });
      return id;
    },
  };
}
// #endregion error-hook

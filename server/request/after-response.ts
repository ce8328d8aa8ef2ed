import { AsyncResource } from 'node:async_hooks';
import type { Request, Response } from 'express';
import type { RequestContext } from '../definition/request-context.ts';

/**
 * The work `after()` scheduled and not yet done, for one server: graceful shutdown waits for it. Made by the
 * process entry (or by createApp when it is not given one) and handed to the lifecycle.
 */
export interface AfterWork {
  /** How many tasks have been scheduled and not finished (waiting for their response, or running). */
  readonly pending: number;
  /** Resolves with how many tasks were still unfinished when it gave up: 0 when all finished in time. */
  settled(timeoutMs: number): Promise<number>;
  /** Counts a task in until it settles. */
  track(task: Promise<unknown>): void;
}

export function createAfterWork(): AfterWork {
  const running = new Set<Promise<unknown>>();
  return {
    get pending() {
      return running.size;
    },
    track(task) {
      running.add(task);
      task.then(
        () => running.delete(task),
        () => running.delete(task),
      );
    },
    async settled(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      // Work may schedule more work: wait until none is left, or the deadline.
      let late = false;
      void gaveUp.then(() => {
        late = true;
      });
      while (running.size > 0 && !late) await Promise.race([Promise.allSettled([...running]), gaveUp]);
      clearTimeout(timer);
      return running.size;
    },
  };
}

/**
 * A request's `after(task)`: the task runs once the response has ended (sent, or its connection closed), in
 * the async context it was scheduled in (the request's: its monitoring scope), and its failure is reported
 * like any unexpected error. Until it settles, `work` counts it, so a graceful shutdown waits for it.
 */
export function afterResponse(
  request: Request,
  response: Response,
  work: AfterWork,
  reportError: (error: unknown, request: Request) => unknown,
): RequestContext['after'] {
  return function after(task) {
    const scope = new AsyncResource('AfterResponse');
    const ended = response.writableFinished || response.destroyed;
    const run = () =>
      scope.runInAsyncScope(async () => {
        try {
          await task();
        } catch (error) {
          reportError(error, request);
        } finally {
          scope.emitDestroy();
        }
      });
    work.track(
      ended
        ? Promise.resolve().then(run)
        : new Promise<void>((resolve) => {
            response.once('close', () => resolve(run()));
          }),
    );
  };
}

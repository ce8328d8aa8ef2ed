import type { Response } from 'express';

/** Data step plus render must finish within this, or the rest is aborted (pending boundaries go to the browser). */
export const RENDER_TIMEOUT_MS = 10_000;

export class RenderTimeoutError extends Error {
  override readonly name = 'RenderTimeoutError';
}

export class ClientDisconnectedError extends Error {
  override readonly name = 'ClientDisconnectedError';
}

/**
 * One AbortController per request, aborted when the client goes away or the deadline passes. The data step
 * and the render share it, so no work outlives the response. The timer is cleared when the response closes
 * ('close' follows 'finish', or comes alone when the connection went first).
 */
export function abortOnDisconnectOrDeadline(response: Response, timeoutMs: number): AbortController {
  const controller = new AbortController();
  const deadline = setTimeout(
    () => controller.abort(new RenderTimeoutError(`Render exceeded its deadline of ${timeoutMs} ms`)),
    timeoutMs,
  );
  response.on('close', () => {
    clearTimeout(deadline);
    if (!response.writableFinished) controller.abort(new ClientDisconnectedError('Client disconnected'));
  });
  return controller;
}

/** Settles like `work`, or rejects with the signal's reason as soon as it aborts. */
export function untilAborted<T>(work: PromiseLike<T> | T, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // Nobody waits for `work` any more; its failure must not surface as an unhandled rejection.
    Promise.resolve(work).catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    // One reaction, not then + finally: fewer promises per request (see app/request-handler.ts).
    Promise.resolve(work).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

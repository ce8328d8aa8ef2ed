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
 * A request's abort: when the client goes away or the deadline passes, the data step and the render stop
 * together, so no work outlives the response. Its AbortSignal is made only when something reads `signal` (a
 * data step, a pending wait): most pages finish without one, and each costs the request an EventTarget, as
 * its listeners would (bench/profile.mjs --light). The render hears of an abort through `onAbort`.
 */
export class RequestAbort {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  #listeners: ((reason: unknown) => void)[] = [];

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  /** Why it aborted (a RenderTimeoutError, a ClientDisconnectedError); undefined until then. */
  get reason(): unknown {
    return this.#reason;
  }

  /** Aborts once: later calls change nothing. */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener(reason);
  }

  /** Calls `listener` with the reason when it aborts (at once if it already has). */
  onAbort(listener: (reason: unknown) => void): void {
    if (this.#aborted) listener(this.#reason);
    else this.#listeners.push(listener);
  }
}

/** Aborted when the client goes away or `timeoutMs` passes; the timer goes when the response closes. */
export function abortOnDisconnectOrDeadline(response: Response, timeoutMs: number): RequestAbort {
  const abort = new RequestAbort();
  const deadline = setTimeout(
    () => abort.abort(new RenderTimeoutError(`Render exceeded its deadline of ${timeoutMs} ms`)),
    timeoutMs,
  );
  // 'close' follows 'finish', or comes alone when the connection went first.
  response.on('close', () => {
    clearTimeout(deadline);
    if (!response.writableFinished) abort.abort(new ClientDisconnectedError('Client disconnected'));
  });
  return abort;
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

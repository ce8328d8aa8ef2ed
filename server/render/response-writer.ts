import type { AsyncResource } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { DocumentFrame } from './document-frame.ts';

type ResponseWithFlush = ServerResponse & { flush?: () => void };

const FRAME_WRITTEN: DocumentFrame = { start: '', afterShell: '', end: '' };
const NOTHING_LEFT = (done: () => void) => done();

/**
 * The destination React streams into: not a stream of its own, the response itself, through the methods
 * React calls (`write`, `flush`, `end`, `destroy`, `on`). React's chunks of one flush go out corked, so they
 * leave in one write instead of one per 2 KB chunk, and without the per-chunk callbacks and state an
 * intermediate Writable costs (the light page's CPU profile: `writev` and the garbage collector). Deferred-
 * data scripts are written between React's flushes (React flushes synchronously, so a write from a promise
 * callback always lands on a flush boundary), and the response stays open after React ends until
 * `beforeEnd` calls back, so late scripts still reach the browser. The document's frame (document-frame.ts)
 * goes around React's bytes: its start before React's first chunk, its scripts at React's first flush (the
 * shell is out by then, and React flushes the shell before any later boundary), its end last.
 *
 * The socket writes and the end run in the request's own async context (`outsideRender`, an AsyncResource
 * made before React's render), not in React's: React renders inside an AsyncLocalStorage whose store is its whole
 * request, and every async resource made in there keeps that store. The end makes the connection's
 * keep-alive timer and the request log's write; made in React's context, they kept each finished render
 * (its tree, payload and chunks) alive until the connection's next request, long enough under load to be
 * promoted to V8's old generation (as the request context's getters would: request-context.ts). The
 * request's own stores stay (an app's, Sentry's): a `finish` listener sees its request, as in any Express app.
 */
export class ResponseWriter {
  readonly #response: ResponseWithFlush;
  #beforeEnd: (done: () => void) => void;
  readonly #outsideRender: AsyncResource;
  #frame: DocumentFrame;
  /** How much of the frame before React's end is out: nothing, its start, or its start and scripts. */
  #frameWritten: 'none' | 'start' | 'shell' = 'none';
  #corked = false;
  #releaseScheduled = false;

  constructor(
    response: ServerResponse,
    frame: DocumentFrame,
    beforeEnd: (done: () => void) => void,
    outsideRender: AsyncResource,
  ) {
    this.#response = response;
    this.#frame = frame;
    this.#beforeEnd = beforeEnd;
    this.#outsideRender = outsideRender;
  }

  /** React's chunk; `false` asks React to wait for the response's `drain`. */
  write(chunk: Uint8Array | string): boolean {
    const response = this.#response;
    if (response.destroyed || response.writableEnded) return true;
    if (!this.#corked) {
      this.#corked = true;
      response.cork();
    }
    if (this.#frameWritten === 'none') {
      this.#frameWritten = 'start';
      response.write(this.#frame.start);
    }
    return response.write(chunk);
  }

  /** The frame's start (if React wrote nothing yet) and its scripts, once: React's shell is out. */
  #writeShellEnd(): void {
    const response = this.#response;
    if (this.#frameWritten === 'shell' || response.destroyed || response.writableEnded) return;
    if (this.#frameWritten === 'none') response.write(this.#frame.start);
    this.#frameWritten = 'shell';
    if (this.#frame.afterShell) response.write(this.#frame.afterShell);
  }

  /**
   * React calls this after each flush: the corked chunks leave once the current task's synchronous work is
   * done, so a document React finishes at once leaves in one write with its end (React calls `end` after
   * `flush`, and the end itself waits for `beforeEnd`), instead of a second write for the last chunk's
   * terminator. Compression (when on) then flushes its output.
   */
  flush(): void {
    this.#writeShellEnd();
    if (this.#releaseScheduled) return;
    this.#releaseScheduled = true;
    queueMicrotask(() => {
      this.#releaseScheduled = false;
      this.#outsideRender.runInAsyncScope(() => {
        if (this.#corked) {
          this.#corked = false;
          this.#response.uncork();
        }
        if (!this.#response.writableEnded) this.#response.flush?.();
      });
    });
  }

  /** Writes a chunk of our own (never in the middle of one of React's flushes). */
  writeBetweenFlushes(chunk: string): void {
    const response = this.#response;
    if (response.destroyed || response.writableEnded) return;
    this.#writeShellEnd();
    response.write(chunk);
    response.flush?.();
  }

  /** React is done; the response ends once `beforeEnd` says every late script is out. */
  end(): void {
    this.flush();
    this.#beforeEnd(() => {
      if (!this.#response.writableEnded && !this.#response.destroyed)
        this.#outsideRender.runInAsyncScope(() => this.#response.end(this.#frame.end));
      // React's listeners on the response keep this writer as long as the response (until the connection's
      // next request): the frame (the payload among it) and the deferred scripts' queue go now.
      this.#frame = FRAME_WRITTEN;
      this.#beforeEnd = NOTHING_LEFT;
    });
  }

  /** A fatal error after the shell: the connection is cut, as a half-sent document cannot be mended. */
  destroy(error?: Error): void {
    this.#response.destroy(error);
  }

  /**
   * React listens for `drain`, `error` and `close`; only `drain` reaches the response. React's `close` and
   * `error` handlers abort its render with a new Error, and the response emits `close` after every answer,
   * finished or not: an Error (its stack captured) per page, for nothing. A connection that goes early, or a
   * deadline, aborts the render through the caller's AbortSignal instead (stream-document.ts,
   * request/request-abort.ts), which `error` ends in too: the socket closes.
   */
  on(event: 'drain' | 'error' | 'close', listener: (...args: unknown[]) => void): this {
    if (event === 'drain') this.#response.on(event, listener);
    return this;
  }
}

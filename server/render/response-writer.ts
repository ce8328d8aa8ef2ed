import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';

/**
 * The destination React streams into. It forwards to the response with backpressure, lets deferred-data
 * scripts be written between React's flushes (React flushes synchronously, so a write from a promise
 * callback always lands on a flush boundary, after whatever React queued before it), and keeps the
 * response open after React ends until `beforeEnd` calls back, so late scripts still reach the browser.
 */
export class ResponseWriter extends Writable {
  readonly #response: ServerResponse;
  readonly #beforeEnd: (done: () => void) => void;
  /** Chunks written after React called end() but before the queued React chunks were flushed. */
  readonly #tail: string[] = [];
  #finalising = false;

  constructor(response: ServerResponse, beforeEnd: (done: () => void) => void) {
    super({ decodeStrings: false });
    this.#response = response;
    this.#beforeEnd = beforeEnd;
  }

  /** Writes a chunk of our own (never in the middle of one of React's flushes). */
  writeBetweenFlushes(chunk: string): void {
    if (!this.writableEnded) {
      this.write(chunk);
      this.flush();
    } else if (this.#finalising) this.#writeToResponse(chunk);
    else this.#tail.push(chunk);
  }

  override _write(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    const response = this.#response;
    if (response.destroyed || response.writableEnded) return done();
    if (response.write(chunk)) return done();
    const resume = () => {
      response.off('drain', resume);
      response.off('close', resume);
      done();
    };
    response.on('drain', resume);
    response.on('close', resume);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.#finalising = true;
    for (const chunk of this.#tail.splice(0)) this.#writeToResponse(chunk);
    this.#beforeEnd(() => {
      if (!this.#response.writableEnded && !this.#response.destroyed) this.#response.end();
      done();
    });
  }

  /** Compression middleware adds `res.flush()`; React calls `flush()` on its destination after each flush. */
  flush(): void {
    (this.#response as ServerResponse & { flush?: () => void }).flush?.();
  }

  #writeToResponse(chunk: string): void {
    if (!this.#response.destroyed && !this.#response.writableEnded) this.#response.write(chunk);
  }
}

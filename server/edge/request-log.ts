import type { Express, Request, Response } from 'express';
import type { Logger } from '../definition/logger.ts';
import type { RouteFacts } from '../monitoring/route-facts.ts';
import { requestIdOf } from './request-id.ts';

/** Longer paths and user agents are cut, so one request cannot make a huge log line. */
const MAX_PATH_LENGTH = 1024;
const MAX_USER_AGENT_LENGTH = 512;

/** What one request log line carries; never cookies, other headers, or the body. */
export interface RequestLogLine {
  requestId: string;
  method: string;
  /** With the query for GET and HEAD; without it for other methods (action posts). */
  path: string;
  /** The matched route pattern (set by the pipeline), if a route matched. */
  route: string | undefined;
  /** The status sent; undefined when the connection closed before the headers were sent. */
  status: number | undefined;
  durationMs: number;
  /** Body bytes the app handed to Node (after Content-Encoding, before chunked framing); 0 when no body is sent. */
  bytes: number;
  userAgent: string | undefined;
  /** The connection closed before the response finished (the client went away, or the server destroyed it). */
  aborted: boolean;
}

/**
 * Gives each request an id (reusing a safe incoming `X-Request-Id`; echoed in the response header and kept in
 * `response.locals.requestId`) and writes one line per request when the response closes (after it finished,
 * or when the connection went first): at 'warn' for a 5xx status, else at 'info'.
 */
export function requestLog(logger: Logger, app: Express) {
  countBodyBytes(app);
  return function logRequest(request: Request, response: Response): void {
    const started = performance.now();
    const incomingId = request.headers['x-request-id'];
    const requestId = requestIdOf(typeof incomingId === 'string' ? incomingId : undefined);
    response.locals.requestId = requestId;
    response.setHeader('X-Request-Id', requestId);
    const { method } = request;
    // Read now: routers may rewrite request.url; originalUrl is what the client asked for.
    const path = truncate(loggedPath(method, request.originalUrl), MAX_PATH_LENGTH);
    const userAgent = truncate(request.headers['user-agent'], MAX_USER_AGENT_LENGTH);

    // A response emits 'close' once, after 'finish' or when its connection closed before it could finish.
    response.on('close', () => {
      const status = response.headersSent ? response.statusCode : undefined;
      const line: RequestLogLine = {
        requestId,
        method,
        path,
        route: (response.locals.routeFacts as RouteFacts | undefined)?.routePattern,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        bytes: status !== undefined && hasBody(method, status) ? bodyBytesOf(response) : 0,
        userAgent,
        aborted: !response.writableFinished,
      };
      if (status !== undefined && status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    });
  };
}

function loggedPath(method: string, url: string): string {
  if (method === 'GET' || method === 'HEAD') return url;
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

function truncate<T extends string | undefined>(value: T, maxLength: number): T {
  return (value !== undefined && value.length > maxLength ? `${value.slice(0, maxLength)}…` : value) as T;
}

/** Node discards the body of a HEAD response and of 1xx, 204 and 304 responses. */
function hasBody(method: string, status: number): boolean {
  return method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304;
}

/** Where the count lives: `response.locals`, a plain per-response record that takes a new key cheaply. */
const BODY_BYTES = Symbol('bodyBytes');

const bodyBytesOf = (response: Response): number =>
  (response.locals as Record<symbol, number | undefined>)[BODY_BYTES] ?? 0;

/**
 * Counts the body bytes passed to `response.write` and `response.end`, however the response is produced
 * (`send`, a piped stream, React's streamed render): exact for chunked responses, which have no Content-Length.
 * A chunk counts only if the response could still take it (not ended, not destroyed). Installed once on the
 * app's response prototype (`app.response`), so a request pays an addition per chunk and no wrappers of its
 * own.
 */
function countBodyBytes(app: Express): void {
  const prototype = app.response;
  const { write, end } = prototype as unknown as Record<'write' | 'end', (...args: unknown[]) => unknown>;
  // A chunk counts if the response can still take it, judged before it is handed on (a write may end or
  // destroy the response). Explicit parameters, not rest arguments: this runs for every chunk.
  const sizeIfAccepted = (response: Response, chunk: unknown, encoding: unknown) => {
    if (response.writableEnded || response.destroyed) return 0;
    return byteLength(chunk, encoding);
  };
  const record = (response: Response, size: number) => {
    // A response answered before Express saw it (http-server.ts refusing an oversized upload) has no locals.
    const locals = response.locals as Record<symbol, number> | undefined;
    if (locals) locals[BODY_BYTES] = (locals[BODY_BYTES] ?? 0) + size;
  };
  prototype.write = function countedWrite(
    this: Response,
    chunk: unknown,
    encoding?: unknown,
    callback?: unknown,
  ) {
    const size = sizeIfAccepted(this, chunk, encoding);
    const result = write.call(this, chunk, encoding, callback);
    record(this, size);
    return result;
  } as Response['write'];
  prototype.end = function countedEnd(
    this: Response,
    chunk?: unknown,
    encoding?: unknown,
    callback?: unknown,
  ) {
    const size = sizeIfAccepted(this, chunk, encoding);
    const result = end.call(this, chunk, encoding, callback);
    record(this, size);
    return result;
  } as Response['end'];
}

/** The size of a chunk as `write(chunk, encoding)` sends it; 0 for a callback in the chunk's place. */
function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string')
    return Buffer.byteLength(
      chunk,
      typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8',
    );
  if (ArrayBuffer.isView(chunk)) return chunk.byteLength;
  return 0;
}

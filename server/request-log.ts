import type { NextFunction, Request, Response } from 'express';
import type { Logger } from './logger.ts';
import type { RouteFacts } from './report-error.ts';
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
 * `response.locals.requestId`) and writes one line per request when the response finishes or the connection
 * closes: at 'warn' for a 5xx status, else at 'info'.
 */
export function requestLog(logger: Logger) {
  return function logRequest(request: Request, response: Response, next: NextFunction): void {
    const started = performance.now();
    const requestId = requestIdOf(request.get('x-request-id'));
    response.locals.requestId = requestId;
    response.setHeader('X-Request-Id', requestId);
    const { method } = request;
    // Read now: routers may rewrite request.url; originalUrl is what the client asked for.
    const path = truncate(loggedPath(method, request.originalUrl), MAX_PATH_LENGTH);
    const userAgent = truncate(request.get('user-agent'), MAX_USER_AGENT_LENGTH);
    const body = countBodyBytes(response);

    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const status = response.headersSent ? response.statusCode : undefined;
      const line: RequestLogLine = {
        requestId,
        method,
        path,
        route: (response.locals.routeFacts as RouteFacts | undefined)?.routePattern,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        bytes: status !== undefined && hasBody(method, status) ? body.count : 0,
        userAgent,
        aborted: !response.writableFinished,
      };
      if (status !== undefined && status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    };
    // 'finish': the whole response was handed to the OS. 'close' without 'finish': it never completed.
    response.once('finish', log);
    response.once('close', log);
    next();
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

/**
 * Counts the body bytes passed to `response.write` and `response.end`, however the response is produced
 * (`send`, a piped stream, React's streamed render): exact for chunked responses, which have no Content-Length.
 * A chunk counts only if the response could still take it (not ended, not destroyed).
 */
function countBodyBytes(response: Response): { readonly count: number } {
  const counter = { count: 0 };
  const write = response.write as (...args: unknown[]) => boolean;
  const end = response.end as (...args: unknown[]) => Response;
  const accepts = () => !response.writableEnded && !response.destroyed;
  response.write = function countedWrite(this: Response, ...args: unknown[]) {
    const size = accepts() ? byteLength(args[0], args[1]) : 0;
    const result = write.apply(this, args);
    counter.count += size;
    return result;
  } as Response['write'];
  response.end = function countedEnd(this: Response, ...args: unknown[]) {
    const size = accepts() ? byteLength(args[0], args[1]) : 0;
    const result = end.apply(this, args);
    counter.count += size;
    return result;
  } as Response['end'];
  return counter;
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

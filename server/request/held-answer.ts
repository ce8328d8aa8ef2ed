import type { ServerResponse } from 'node:http';
import type { AnswerHead, AnswerHeaders } from '../definition/middleware.ts';

type Written = 'writeHead' | 'write' | 'end';
type Method = (...args: unknown[]) => unknown;

/**
 * Holds a response's head and body while middleware that wrap it still run: the runtime writes the answer as
 * always (a streamed document, a redirect, data lines), and the first `writeHead`, `write` or `end` calls
 * `onHead` with the head, decided but unsent, instead of sending it. What is written meanwhile waits, in
 * order, until `release()` sends it all. The middleware in between can still set headers: none has gone out.
 *
 * Holding at the response rather than in each writer keeps every way of answering (pages, data lines,
 * redirects, resources, error pages, Express's error handler) the same: none of them knows about it.
 */
export function holdAnswer(response: ServerResponse, onHead: (head: AnswerHead) => void) {
  const queue: [Written, unknown[]][] = [];
  const held = response as unknown as Record<Written, Method>;
  const originals = { writeHead: held.writeHead, write: held.write, end: held.end };
  let headHeld = false;

  const hold = (method: Written) =>
    function heldWrite(...args: unknown[]): unknown {
      if (!headHeld) {
        headHeld = true;
        if (method === 'writeHead' && typeof args[0] === 'number') response.statusCode = args[0];
        // The runtime's own checks (an error page after a sent head?) see the head as gone: it is decided.
        Object.defineProperty(response, 'headersSent', { configurable: true, get: () => true });
        onHead({ status: response.statusCode, headers: answerHeaders(response) });
      }
      queue.push([method, args]);
      return method === 'write' ? true : response;
    };
  held.writeHead = hold('writeHead');
  held.write = hold('write');
  held.end = hold('end');

  return {
    /** Sends what was written while held (once), and lets later writes through. */
    release(): void {
      Object.assign(held, originals);
      Reflect.deleteProperty(response, 'headersSent');
      for (const [method, args] of queue.splice(0)) {
        if (response.destroyed) return;
        originals[method].apply(response, args);
      }
    },
  };
}

/** The response's headers as a middleware may change them before they are sent. */
function answerHeaders(response: ServerResponse): AnswerHeaders {
  return {
    get(name) {
      const value = response.getHeader(name);
      if (value === undefined) return undefined;
      return Array.isArray(value) ? value.join(', ') : String(value);
    },
    has: (name) => response.hasHeader(name),
    set: (name, value) => void response.setHeader(name, value),
    append(name, value) {
      const current = response.getHeader(name);
      const values = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
      response.setHeader(name, values.length ? [...values, value] : value);
    },
    delete: (name) => response.removeHeader(name),
  };
}

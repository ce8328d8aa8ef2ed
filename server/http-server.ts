import http from 'node:http';
import type { Express } from 'express';
import { MAX_FORM_BODY_BYTES } from './read-form-body.ts';

/** A client must send all request headers within this; slowloris connections are cut off after it. */
export const HEADERS_TIMEOUT_MS = 5_000;
/** A whole request (headers and body) must arrive within this. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Idle keep-alive connections stay open this long: longer than common load balancers' 60 s idle timeout. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node checks the two timeouts above, so they bite within about a second. */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/** Request line plus headers; larger is refused by Node with 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The HTTP server around the app, with explicit timeouts and limits (Node's defaults are generous), and an
 * `Expect: 100-continue` handler that refuses oversized uploads before the client sends them.
 */
export function createHttpServer(app: Express): http.Server {
  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
      maxHeaderSize: MAX_HEADER_BYTES,
      IncomingMessage: constructedWithPrototype(http.IncomingMessage, app.request),
      ServerResponse: constructedWithPrototype(http.ServerResponse, app.response),
    },
    app,
  );
  server.on('checkContinue', function refuseOversizedUploads(request, response) {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > MAX_FORM_BODY_BYTES) {
      response.writeHead(413, { Connection: 'close', 'Content-Type': 'text/plain' }).end('Payload Too Large');
      return;
    }
    response.writeContinue();
    server.emit('request', request, response);
  });
  return server;
}

/**
 * A subclass of Node's request or response class whose instances start with the prototype Express gives them
 * (`app.request`, `app.response`), passed to Node through createServer's documented `IncomingMessage` and
 * `ServerResponse` options. Express sets that prototype on every request and response with
 * `Object.setPrototypeOf`, which V8 makes costly for all code that later touches the object: under the
 * bench's load, one Express middleware in front of the bare baseline took ~11% of its throughput, mostly in
 * Node's own response code. With the prototype already in place Express's call changes nothing, and our
 * server's product page went 9% faster (A/B runs of both servers side by side on one core).
 */
function constructedWithPrototype<Class extends object>(base: Class, prototype: object): Class {
  // Node's classes are ES5 constructor functions; a future `class` could not be called this way, and
  // Reflect.construct with another new.target makes V8's objects much slower still, so fall back to the
  // class itself (Express then sets the prototype as before).
  if (Function.prototype.toString.call(base).startsWith('class')) return base;
  const construct = base as unknown as (this: object, ...args: unknown[]) => void;
  // A function, not a class: a class's `prototype` cannot be replaced. Node calls it with `new`.
  function Subclass(this: object, ...args: unknown[]) {
    construct.apply(this, args);
  }
  Subclass.prototype = prototype;
  return Subclass as unknown as Class;
}

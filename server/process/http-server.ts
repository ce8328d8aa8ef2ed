import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { MAX_FORM_BODY_BYTES } from '../resolve/read-form-body.ts';

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
 * The HTTP server around the app, with explicit timeouts and limits (Node's defaults are generous), an
 * `Expect: 100-continue` handler that refuses oversized uploads before the client sends them, and an answer
 * to CONNECT.
 */
export function createHttpServer(app: Express): http.Server {
  const classes = classesWithExpressPrototypes(app);
  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
      maxHeaderSize: MAX_HEADER_BYTES,
      ...classes,
    },
    app,
  );
  server.on('connect', answerConnect(server, classes.ServerResponse));
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

/** The methods some URL of ours answers: the `Allow` of a CONNECT to an authority, which names no URL. */
const SERVED_METHODS = 'GET, HEAD, POST';

/**
 * CONNECT asks us to be a proxy, which we are not. Node gives it to a 'connect' listener with the bare socket
 * and, when there is none, destroys the socket: the client got no answer at all. Here it is answered on a
 * response of the server's class over that socket, and the connection closes after it. A CONNECT to a path
 * (`CONNECT /shop`) goes to the app like any other method: that page's 405 with its `Allow`. A CONNECT to an
 * authority (`CONNECT shop.example:443`, a tunnel) names no path, which Express's router cannot route: a
 * plain 405 here.
 */
function answerConnect(
  server: http.Server,
  ServerResponse: new (request: http.IncomingMessage) => http.ServerResponse,
) {
  return function answerConnectRequest(request: http.IncomingMessage, socket: Duplex): void {
    // Node took its own listeners off this socket: without one, a reset by the client would throw.
    socket.on('error', () => socket.destroy());
    const response = new ServerResponse(request);
    response.shouldKeepAlive = false;
    response.assignSocket(socket as Socket);
    response.on('finish', () => socket.end(() => socket.destroy()));
    if (request.url?.startsWith('/')) {
      server.emit('request', request, response);
      return;
    }
    const text = 'Method Not Allowed: this server is not a proxy';
    response
      .writeHead(405, {
        Allow: SERVED_METHODS,
        'Cache-Control': 'no-store',
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
      })
      .end(text);
  };
}

/**
 * Node's request and response classes, subclassed so that their instances start with the prototypes Express
 * gives every request and response (`app.request`, `app.response`), for createServer's documented
 * `IncomingMessage` and `ServerResponse` options. Express sets those prototypes with `Object.setPrototypeOf`,
 * which V8 makes costly for all code that later touches the object, mostly Node's own response code. With
 * the prototype already in place Express's call changes nothing (bench/side-by-side.mjs measures it).
 *
 * Real subclasses (`class extends`), so V8 lays out their instances as it does Node's own; the app's
 * prototype objects are replaced by the subclasses' prototypes, which take over everything set on them.
 */
function classesWithExpressPrototypes(app: Express) {
  class ExpressRequest extends http.IncomingMessage {}
  class ExpressResponse extends http.ServerResponse {}
  app.request = adoptPrototype(ExpressRequest.prototype, app.request);
  app.response = adoptPrototype(ExpressResponse.prototype, app.response);
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse };
}

/** Makes `classPrototype` a stand-in for `appPrototype`: same parent, same own properties (but its constructor). */
function adoptPrototype<Prototype extends object>(
  classPrototype: object,
  appPrototype: Prototype,
): Prototype {
  const { constructor: _ignored, ...properties } = Object.getOwnPropertyDescriptors(appPrototype);
  Object.setPrototypeOf(classPrototype, Object.getPrototypeOf(appPrototype));
  Object.defineProperties(classPrototype, properties);
  return classPrototype as Prototype;
}

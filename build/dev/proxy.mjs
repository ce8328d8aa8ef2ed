// The dev proxy on PORT: forwards every request to the current server child and streams the answer back
// unchanged, except HTML, which gets the reload script before `</body>`. HTML is requested uncompressed
// (`Accept-Encoding: identity`); an HTML answer that is compressed anyway passes through untouched. The
// script is external and same-origin, so a nonce-based Content-Security-Policy keeps working (build/dev/csp.mjs).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream';
import { relaxCspForDevScript } from './csp.mjs';
import { HOT_PATH } from './hot-modules.mjs';
import { injectBefore } from './inject-script.mjs';

/** How long a request waits for a (re)starting server before the proxy answers 503. */
export const DEV_WAIT_MS = 5_000;
/** Where the proxy serves the reload script and its events; build/dev/reload-script.js names both too. */
const DEV_SCRIPT_PATH = '/__dev/reload.js';
const DEV_EVENTS_PATH = '/__dev/events';
const DEV_RUNTIME_PATH = '/__dev/refresh-runtime.js';
/** Where a tab posts an error's stack, to get it back with source locations (build/dev/stack-locations.mjs). */
const DEV_LOCATE_PATH = '/__dev/locate';
const MAX_STACK_LENGTH = 64 * 1024;
const RELOAD_SCRIPT = readFileSync(new URL('./reload-script.js', import.meta.url), 'utf8');
const HOP_BY_HOP_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `waitForServer(deadline)` resolves with the server to forward to, or null when none came in time. */
export function createDevProxy(dev) {
  const { supervisor, events, waitForServer, log } = dev;
  const scriptTag = (nonce) =>
    `<script src="${DEV_SCRIPT_PATH}?g=${supervisor.generation}" async${nonceAttribute(nonce)}></script>`;

  /** Forwards to the current server; a bodyless request whose server went away (a restart) waits for the next. */
  async function forwardWhenReady(request, response, headers) {
    const hasBody = !(request.method === 'GET' || request.method === 'HEAD');
    const deadline = Date.now() + DEV_WAIT_MS;
    for (;;) {
      const server = await waitForServer(deadline);
      if (!server) return unavailable(request, response, events.problem, scriptTag);
      try {
        return await forward(server, request, response, headers, hasBody);
      } catch (error) {
        if (hasBody || response.destroyed || Date.now() >= deadline) {
          if (!response.headersSent) {
            response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
            response.end(`Dev proxy: ${error.message}\n`);
          }
          return;
        }
        await sleep(100);
      }
    }
  }

  async function handle(request, response) {
    const answered = answerDevPath(request, response, dev);
    if (answered) return answered;
    const headers = withoutHopByHop(request.headers);
    // Uncompressed HTML, so the script tag can go in; other responses pass through as they are.
    if (request.method === 'GET' && /text\/html/.test(request.headers.accept ?? '')) {
      headers['accept-encoding'] = 'identity';
    }
    const upstream = await forwardWhenReady(request, response, headers);
    if (upstream) sendBack(request, response, upstream, scriptTag);
  }

  return http.createServer((request, response) => {
    handle(request, response).catch((error) => {
      log(`proxy error: ${error.stack ?? error}`);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end();
    });
  });
}

const nonceAttribute = (nonce) => (nonce ? ` nonce="${nonce}"` : '');
/** The refresh runtime goes first in the head, before any module of the page runs. */
const runtimeTag = (nonce) => `<script src="${DEV_RUNTIME_PATH}"${nonceAttribute(nonce)}></script>`;

/** Answers dev mode's own paths (truthy, or a promise); undefined for a request to forward. */
function answerDevPath(request, response, { supervisor, events, hotModules, refreshRuntime, locate }) {
  const pathname = (request.url ?? '/').split('?')[0];
  if (pathname === DEV_SCRIPT_PATH) return sendScript(response, RELOAD_SCRIPT);
  if (pathname === DEV_RUNTIME_PATH) return sendScript(response, refreshRuntime);
  if (pathname === DEV_EVENTS_PATH) return events.serve(request, response, supervisor.generation) ?? true;
  if (pathname === DEV_LOCATE_PATH && request.method === 'POST')
    return sendLocation(request, response, locate);
  const hot = hotModules.get(pathname);
  if (hot || pathname.startsWith(HOT_PATH)) return sendHotUpdate(response, hot);
  return undefined;
}

function sendScript(response, code, type = 'text/javascript') {
  response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  return response.end(code);
}

/** A hot module or stylesheet from memory (build/dev/hot-modules.mjs); 404 once it has been dropped. */
function sendHotUpdate(response, hot) {
  if (hot) return sendScript(response, hot.code, hot.type);
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  return response.end('No such hot module\n');
}

/** Maps the stack of an error thrown in a tab (posted as text) to source locations, for the overlay. */
async function sendLocation(request, response, locate) {
  let stack = '';
  // Read to the end (breaking off would destroy the request and its socket); keep only the first 64 KiB.
  for await (const chunk of request) {
    if (stack.length < MAX_STACK_LENGTH) stack += chunk;
  }
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(await locate(stack.slice(0, MAX_STACK_LENGTH)));
}

/**
 * 503 while no server is ready: an HTML page that reloads itself at the next restart (build/dev/reload-script.js
 * knows it by `data-dev-unavailable`), or plain text.
 */
function unavailable(request, response, problem, scriptTag) {
  const html = /text\/html/.test(request.headers.accept ?? '');
  const text = problem
    ? `${problem.title}: see the terminal.`
    : `The server did not become ready within ${DEV_WAIT_MS / 1000} s.`;
  response.writeHead(503, {
    'content-type': html ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': '1',
  });
  response.end(
    html
      ? `<!doctype html><html lang="en" data-dev-unavailable><head><meta charset="utf-8"><title>Dev server</title></head>` +
          `<body><p>${text} This page reloads when the server is back.</p>${scriptTag()}</body></html>`
      : `${text}\n`,
  );
}

/** Streams the server's answer back; HTML gets the reload script (and a CSP that lets it run). */
function sendBack(request, response, upstream, scriptTag) {
  const headers = withoutHopByHop(upstream.headers);
  const encoding = upstream.headers['content-encoding'];
  const inject =
    request.method !== 'HEAD' &&
    /^text\/html\b/i.test(upstream.headers['content-type'] ?? '') &&
    (!encoding || encoding === 'identity') &&
    upstream.statusCode !== 204 &&
    upstream.statusCode !== 304;
  const done = (error) => {
    if (error && !response.destroyed) response.destroy();
  };
  if (!inject) {
    response.writeHead(upstream.statusCode, upstream.statusMessage, headers);
    return pipeline(upstream, response, done);
  }
  const csp = relaxCspForDevScript(upstream.headers['content-security-policy']);
  if (csp.header !== undefined) headers['content-security-policy'] = csp.header;
  delete headers['content-length'];
  response.writeHead(upstream.statusCode, upstream.statusMessage, headers);
  pipeline(
    upstream,
    injectBefore('</head>', runtimeTag(csp.nonce)),
    injectBefore('</body>', scriptTag(csp.nonce)),
    response,
    done,
  );
}

function withoutHopByHop(headers) {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP_HEADERS) delete copy[name];
  return copy;
}

/** Sends the request to `server`; resolves with the response, rejects on a connection error. */
function forward(server, request, response, headers, hasBody) {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: request.method,
        path: request.url,
        headers,
        agent: server.agent,
      },
      resolve,
    );
    upstream.once('error', reject);
    response.once('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    if (hasBody) request.pipe(upstream);
    else upstream.end();
  });
}

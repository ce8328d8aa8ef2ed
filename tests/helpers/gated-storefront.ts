import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStorefrontApp } from './storefront-app.ts';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const isDataRequest = (url: string) => url.includes('/_data/');
/** The app path a data URL asks for (`/_data/{build}/products/x` -> `/products/x`). */
export const appPathOf = (url: string) =>
  new URL(url, 'http://x').pathname.replace(/^\/_data\/[^/]+/, '') || '/';

export interface DataRequestGate {
  /** Data requests open right now, counted from request start to response end. */
  open: number;
  maxOpen: number;
  total: number;
  /** App paths of the data requests in arrival order. */
  paths: string[];
}

/** What a gate resolves with to answer a data request itself, with this status, instead of the app. */
export interface Refusal {
  refuseWith: number;
}

/** What a gate resolves with to let the app answer but hold the answer's end (its tail) until `endAfter`. */
export interface HeldEnd {
  endAfter: Promise<void>;
}

/**
 * The storefront behind a real HTTP server whose `gate` runs before each data request reaches the app, so a
 * test can delay, hold or refuse answers (resolving with a Refusal) or hold their end (a HeldEnd) and count every data request from its start to its response's end on
 * the server side, where the browser's connections are really taken.
 */
export async function startGatedStorefront(
  gate: (path: string) => Promise<unknown>,
  env: Record<string, string> = {},
): Promise<{ origin: string; counts: DataRequestGate; close(): Promise<unknown> }> {
  const app = createStorefrontApp(env);
  const counts: DataRequestGate = { open: 0, maxOpen: 0, total: 0, paths: [] };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (request.method !== 'GET' || !isDataRequest(url)) return app(request, response);
    counts.open += 1;
    counts.total += 1;
    counts.maxOpen = Math.max(counts.maxOpen, counts.open);
    counts.paths.push(appPathOf(url));
    response.once('close', () => {
      counts.open -= 1;
    });
    gate(appPathOf(url)).then((outcome) => {
      if (response.destroyed) return;
      const { refuseWith, endAfter } = (outcome ?? {}) as Partial<Refusal & HeldEnd>;
      if (refuseWith) {
        response.writeHead(refuseWith, { 'Content-Type': 'text/plain' }).end('refused by the test');
        return;
      }
      if (endAfter) holdEnd(response, endAfter);
      app(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Lets the body's writes through as they come and ends the response once `endAfter` has settled. */
function holdEnd(response: http.ServerResponse, endAfter: Promise<void>): void {
  const end = response.end.bind(response) as (...args: unknown[]) => http.ServerResponse;
  response.end = ((...args: unknown[]) => {
    const [chunk] = args;
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) response.write(chunk);
    void endAfter.then(() => end());
    return response;
  }) as typeof response.end;
}

/** Waits (bounded) until `condition` holds; false when it never did. */
export async function eventually(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(50);
  return condition();
}

import type http from 'node:http';

/**
 * How long after a visitor's last request the warm-up still holds back: a visitor's requests come a few
 * hundred ms apart (a page, then its data on the next click), and 32 renders started in each gap would hold
 * the next one.
 */
export const VISITOR_QUIET_MS = 200;

/** Visitors' requests on the process's own listener while it warms up. */
export interface VisitorTraffic {
  /** Resolves once no visitor's request has been in flight for VISITOR_QUIET_MS; undefined when none is. */
  idle(): Promise<void> | undefined;
  /** Visitors' requests answered so far: they warm the same code the warm-up does. */
  served(): number;
  /** Stops watching: the listener's requests are no longer counted, and every waiter goes on. */
  stop(): void;
}

/**
 * Watches the requests on `server` other than health checks, so that work of the process's own can give way
 * to visitors. Behind a proxy that does not read /readyz (nginx OSS), a new instance gets visitors as soon
 * as it listens, while its warm-up keeps the thread busy with many renders at once: a visitor's request
 * would wait behind all of them. Watched only while the warm-up runs, so a request costs nothing after it.
 */
export function watchVisitors(server: http.Server): VisitorTraffic {
  let inFlight = 0;
  let served = 0;
  let stopped = false;
  let quiet: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  const wake = () => {
    quiet = undefined;
    const resolving = waiters;
    waiters = [];
    for (const resolve of resolving) resolve();
  };
  const done = () => {
    if (stopped) return;
    inFlight -= 1;
    served += 1;
    if (inFlight === 0) quiet = setTimeout(wake, VISITOR_QUIET_MS).unref();
  };
  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (isHealthCheck(request.url)) return;
    inFlight += 1;
    clearTimeout(quiet);
    quiet = undefined;
    response.once('close', done);
  };
  server.prependListener('request', onRequest);
  return {
    idle: () =>
      inFlight === 0 && !quiet
        ? undefined
        : new Promise<void>((resolve) => {
            waiters.push(resolve);
          }),
    served: () => served,
    stop() {
      server.off('request', onRequest);
      stopped = true;
      inFlight = 0;
      clearTimeout(quiet);
      wake();
    },
  };
}

/** A probe's request, which no visitor waits on. */
function isHealthCheck(url = ''): boolean {
  const path = url.split('?', 1)[0];
  return path === '/healthz' || path === '/readyz';
}

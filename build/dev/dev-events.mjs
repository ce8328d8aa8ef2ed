// The server-sent events the reload script listens to (/__dev/events): `hello` with the server generation;
// `update` with hot modules and stylesheets to swap in; `restarted` once a new server is up (with whether
// the page's data should be refreshed); `error` with the build error or server failure on show, which tabs
// that connect later get too.

/** Comment lines keep idle event streams open through proxies that close quiet connections. */
const HEARTBEAT_MS = 15_000;

export function createDevEvents() {
  const clients = new Set();
  /** The build error (or server start failure) shown to tabs that connect, or null. */
  let problem = null;
  const heartbeat = setInterval(() => {
    for (const client of clients) client.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const frame = (event, data) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  return {
    get problem() {
      return problem;
    },
    get tabs() {
      return clients.size;
    },
    /** Answers `GET /__dev/events`: hello, the problem on show if any, then whatever is broadcast. */
    serve(request, response, generation) {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write(`retry: 1000\n\n${frame('hello', { generation })}`);
      if (problem) response.write(frame('error', problem));
      clients.add(response);
      request.once('close', () => clients.delete(response));
    },
    /** `{ modules: [{ key, url, segment }], stylesheets?: { previous, next } }` (build/dev/refresh-runtime.mjs). */
    update(update) {
      for (const client of clients) client.write(frame('update', update));
    },
    restarted(generation, refresh) {
      for (const client of clients) client.write(frame('restarted', { generation, refresh }));
    },
    /** Shows a problem in every tab (an overlay), now and on connect, until `clear()`. */
    report(title, message) {
      problem = { title, message };
      for (const client of clients) client.write(frame('error', problem));
    },
    clear() {
      problem = null;
    },
    close() {
      clearInterval(heartbeat);
      for (const client of clients) client.end();
    },
  };
}

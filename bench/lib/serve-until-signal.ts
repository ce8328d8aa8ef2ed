import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the bench's own servers (the storefront baseline, the light page's bare renderer) run: on PORT (0 =
 * any; prints `listening <port>` for bench/lib/servers.mjs) and HOST, with Node's keep-alive like ours, until
 * SIGINT or SIGTERM. Process plumbing only: nothing of it touches a request.
 */
export function serveUntilSignal(server: http.Server): void {
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.close();
      server.closeAllConnections();
      process.exit(0);
    });
  }
}

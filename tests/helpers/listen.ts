import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

/** Listens on an ephemeral port of 127.0.0.1; `close()` also drops keep-alive connections. */
export function listen(app: Express): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}

import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { afterAll, beforeAll } from 'vitest';
import { createHttpServer } from '../../server/process/http-server.ts';

export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Listens on an ephemeral port of 127.0.0.1, in the production HTTP server (its limits, its answer to
 * CONNECT); `close()` also drops keep-alive connections.
 */
export function listen(app: Express): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(app);
    server.listen(0, '127.0.0.1', () => {
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

/**
 * Listens before the tests of the enclosing describe block and closes after them. Returns a getter: the
 * server exists only once the block has started.
 */
export function listenForSuite(createApp: () => Express): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await listen(createApp());
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('The server is not listening: use it in the tests of its describe block');
    return server;
  };
}

// The warm-up gives way to visitors: a proxy that does not read /readyz sends them before it is done.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type InProcessClient, startInProcessClient } from '../../server/process/in-process-client.ts';
import { watchVisitors } from '../../server/process/visitor-traffic.ts';
import { tinyServer, warmUpTinyPages } from '../helpers/tiny-warm-up.ts';

/** The tiny app on a listener of its own (the visitors' port), watched as the process watches its own. */
async function listenWatched(app: ReturnType<typeof tinyServer>) {
  const listener = http.createServer(app);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const visitors = watchVisitors(listener);
  const { port } = listener.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    visitors,
    close: async () => {
      visitors.stop();
      await new Promise((resolve) => listener.close(resolve));
    },
  };
}

describe('warm-up: visitors first', () => {
  let client: InProcessClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it("gives way to visitors: starts no request of its own while a visitor's is in flight", async () => {
    let releaseVisitor = () => {};
    const visitorHeld = new Promise<void>((resolve) => {
      releaseVisitor = resolve;
    });
    let visitorArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      visitorArrived = resolve;
    });
    const notes = async ({ url }: { url: URL }) => {
      if (url.searchParams.has('visitor')) {
        visitorArrived();
        await visitorHeld;
      } else await sleep(2);
      return { count: 2 };
    };
    const app = tinyServer([], [], { notes });
    const { origin, visitors, close } = await listenWatched(app);
    try {
      client = await startInProcessClient(app);
      // The warm-up's requests, counted as it sends them.
      let sent = 0;
      const counted: InProcessClient = {
        ...client,
        get: (path, options) => {
          sent += 1;
          return client!.get(path, options);
        },
      };
      const warming = warmUpTinyPages(counted, { enoughRequests: 300, visitors });
      for (let wait = 0; sent < 10 && wait < 200; wait += 1) await sleep(10);
      const visit = fetch(`${origin}/notes/first?visitor`);
      await arrived;
      const sentBeforeTheVisitor = sent;
      await sleep(300);
      expect(sent).toBe(sentBeforeTheVisitor);
      releaseVisitor();
      expect((await visit).status).toBe(200);
      const report = await warming;
      expect(report).toMatchObject({ requests: 299, visits: 1, failed: 0 });
      expect(sent).toBe(299);
    } finally {
      releaseVisitor();
      await close();
    }
  });

  it("counts the visitors' requests towards enough: a steady visitor warms the code, and it ends", async () => {
    const app = tinyServer([], []);
    const { origin, visitors, close } = await listenWatched(app);
    let warming = true;
    const visiting = (async () => {
      for (let visit = 0; warming && visit < 5_000; visit += 1)
        await (await fetch(`${origin}/notes/second`)).text();
    })();
    try {
      for (let wait = 0; visitors.served() === 0 && wait < 200; wait += 1) await sleep(10);
      client = await startInProcessClient(app);
      const report = await warmUpTinyPages(client, { enoughRequests: 40, visitors });
      expect(report.requests).toBeLessThan(40);
      expect(report.requests + report.visits).toBeGreaterThanOrEqual(40);
    } finally {
      warming = false;
      await visiting;
      await close();
    }
  });
});

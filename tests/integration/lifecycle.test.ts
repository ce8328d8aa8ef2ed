import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { MAX_URL_LENGTH } from '../../server/app/create-app.ts';
import { noMonitoring } from '../../server/monitoring/monitoring.ts';
import { createHttpServer, HEADERS_TIMEOUT_MS } from '../../server/process/http-server.ts';
import { createLifecycle } from '../../server/process/lifecycle.ts';
import { type BuiltServer, startBuiltServer } from '../helpers/built-server.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { createFixtureApp } from '../helpers/fixture-app.tsx';
import { postgresBinDir, startPostgresServer } from '../helpers/postgres-server.ts';

const postgresBin = await postgresBinDir();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connectionRefused(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('graceful shutdown of the built server', () => {
  let server: BuiltServer | undefined;
  afterEach(() => {
    server?.child.kill('SIGKILL');
    server = undefined;
  });

  it('timeline: slow request in flight -> SIGTERM -> new connections refused -> the request completes -> exit 0', async () => {
    server = await startBuiltServer({ ENABLE_DEBUG_ROUTES: '1', SHUTDOWN_TIMEOUT_MS: '10000' });
    const inFlight = fetch(`${server.origin}/debug/slow?ms=1500`);
    await sleep(300);
    const exited = server.stop();
    // Within a second the listener is closed.
    let refused = false;
    for (let attempt = 0; attempt < 10 && !refused; attempt += 1) {
      await sleep(100);
      refused = await connectionRefused(server.origin);
    }
    expect(refused).toBe(true);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('The data step waited 1500 ms.');
    expect(await exited).toBe(0);
  });

  it('cuts requests that outlive SHUTDOWN_TIMEOUT_MS and still exits 0', async () => {
    server = await startBuiltServer({ ENABLE_DEBUG_ROUTES: '1', SHUTDOWN_TIMEOUT_MS: '300' });
    const inFlight = fetch(`${server.origin}/debug/slow?ms=5000`).then(
      (response) => response.text().then(() => 'completed'),
      () => 'cut',
    );
    await sleep(200);
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await inFlight).toBe('cut');
  });

  it('refuses workers on the embedded database at start, naming WEB_CONCURRENCY and DATABASE_URL', async () => {
    const refused = startBuiltServer({ WEB_CONCURRENCY: '2' });
    await expect(refused).rejects.toThrow(/exited with 1:\nInvalid WEB_CONCURRENCY="2".*DATABASE_URL/);
  });

  it.skipIf(!postgresBin)(
    'replaces a crashed worker (WEB_CONCURRENCY=2) and drains all workers on SIGTERM',
    async () => {
      const postgres = await startPostgresServer(postgresBin as string);
      onTestFinished(() => postgres.destroy());
      server = await startBuiltServer({ WEB_CONCURRENCY: '2', DATABASE_URL: postgres.url });
      const pidsOf = () =>
        (server?.output() ?? '')
          .split('\n')
          .filter((line) => line.includes('"msg":"listening"'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid);
      for (let attempt = 0; attempt < 50 && pidsOf().length < 2; attempt += 1) await sleep(100);
      const [victim] = pidsOf();
      expect(pidsOf()).toHaveLength(2);
      process.kill(victim ?? 0, 'SIGKILL');
      for (let attempt = 0; attempt < 100 && pidsOf().length < 3; attempt += 1) await sleep(100);
      expect(pidsOf()).toHaveLength(3);
      expect(server.output()).toContain('worker exited: replacing it');
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      // Both workers write batches of request lines to the one stdout pipe: none may cut another's line.
      for (let batch = 0; batch < 10; batch += 1) {
        await Promise.all(
          Array.from({ length: 30 }, () =>
            fetch(`${server?.origin}/robots.txt`).then((answer) => answer.text()),
          ),
        );
      }
      expect(await server.stop()).toBe(0);
      const logLines = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":'));
      const unreadable = logLines.filter((line) => {
        try {
          return typeof JSON.parse(line) !== 'object';
        } catch {
          return true;
        }
      });
      expect(unreadable).toEqual([]);
      expect(logLines.filter((line) => line.includes('"path":"/robots.txt"'))).toHaveLength(300);
    },
  );
});

describe('readiness', () => {
  it('is 503 while starting and while draining, 200 when ready', async () => {
    let ready = false;
    const app = createFixtureApp({ isReady: () => ready });
    expect((await request(app).get('/readyz')).status).toBe(503);
    ready = true;
    expect((await request(app).get('/readyz')).status).toBe(200);

    const lifecycle = createLifecycle({
      server: http.createServer(),
      logger: captureLogger(),
      monitoring: noMonitoring,
      shutdownTimeoutMs: 1_000,
      exit: () => {},
    });
    expect(lifecycle.isReady()).toBe(false);
    lifecycle.markReady();
    expect(lifecycle.isReady()).toBe(true);
    lifecycle.drain('test', 0);
    expect(lifecycle.isReady()).toBe(false);
    expect(lifecycle.isDraining()).toBe(true);
  });
});

describe('HTTP limits', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    server = undefined;
  });

  async function listenRaw(app = createFixtureApp()) {
    server = createHttpServer(app);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it("builds requests and responses with Express's prototypes, so Express does not have to swap them", async () => {
    const app = createFixtureApp();
    const port = await listenRaw(app);
    const seen: boolean[] = [];
    server?.prependListener('request', (incoming, outgoing) => {
      seen.push(
        Object.getPrototypeOf(incoming) === app.request && Object.getPrototypeOf(outgoing) === app.response,
      );
    });
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('</html>');
    expect(seen).toEqual([true]);
  });

  it(`answers 414 for a URL longer than ${MAX_URL_LENGTH} characters`, async () => {
    const response = await request(createFixtureApp()).get(`/items/${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(response.status).toBe(414);
  });

  it(`closes a slowloris connection within about HEADERS_TIMEOUT_MS (${HEADERS_TIMEOUT_MS} ms)`, async () => {
    const port = await listenRaw();
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
      // Trickle a header byte every 500 ms, never finishing the headers.
      const trickle = setInterval(() => socket.write('X-Slow: a\r\n'), 500);
      socket.on('close', () => {
        clearInterval(trickle);
        resolve(Date.now() - started);
      });
      socket.on('error', () => {});
      setTimeout(() => {
        clearInterval(trickle);
        socket.destroy();
        reject(new Error('the slow connection was still open after 15 s'));
      }, 15_000);
    });
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);
  });

  it('refuses an oversized Expect: 100-continue upload before the body is sent', async () => {
    const port = await listenRaw();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /counter HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000000\r\nExpect: 100-continue\r\n\r\n',
        ),
      );
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer: ${received}`)), 5_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('answers 431 for headers over the limit', async () => {
    const port = await listenRaw();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/', headers: { 'X-Big': 'a'.repeat(20_000) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
    });
    expect(status).toBe(431);
  });
});

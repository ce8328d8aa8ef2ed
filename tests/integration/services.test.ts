import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ServicesDefinition } from '../../server/definition/server-app-definition.ts';
import { noMonitoring } from '../../server/monitoring/monitoring.ts';
import { createLifecycle } from '../../server/process/lifecycle.ts';
import { createTestApp } from '../../server/test-kit.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServer from '../fixtures/tiny-app/server-app.ts';
import { captureLogger } from '../helpers/capture-logger.ts';

/** The services these tests hand out: a number the notes layout shows. */
interface CountServices {
  count: number;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tiny app with `services`, its notes layout showing the services' count. */
function appWith(services: ServicesDefinition<CountServices>) {
  return createTestApp(
    { app: tinyApp, server: { ...tinyServer, services } },
    { dataSteps: { notes: ({ services }) => ({ count: services.count }) } },
  );
}

describe("an app's services", () => {
  it('holds pages and /readyz until they have started, then hands them to the data steps', async () => {
    let open: (services: CountServices) => void = () => {};
    const app = appWith({ start: () => new Promise((resolve) => (open = resolve)) });
    expect((await request(app.server).get('/readyz')).status).toBe(503);
    let answered = false;
    const page = request(app.server)
      .get('/notes/first')
      .then((response) => {
        answered = true;
        return response;
      });
    await sleep(100);
    expect(answered).toBe(false);
    open({ count: 7 });
    const response = await page;
    expect(response.status).toBe(200);
    expect(response.text).toContain('Notes (7)');
    expect((await request(app.server).get('/readyz')).status).toBe(200);
  });

  it('answers 503 with Retry-After when they take longer to start than the render deadline', async () => {
    const app = createTestApp(
      { app: tinyApp, server: { ...tinyServer, services: { start: () => new Promise(() => {}) } } },
      { renderTimeoutMs: 300 },
    );
    const started = Date.now();
    const response = await request(app.server).get('/notes/first');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers /readyz 503 while they say they cannot serve, and stops them once', async () => {
    let ready = false;
    const stopped: CountServices[] = [];
    const services = { count: 3 };
    const app = appWith({
      start: async () => services,
      isReady: () => ready,
      stop: async (started) => {
        stopped.push(started);
      },
    });
    expect((await request(app.server).get('/notes/first')).text).toContain('Notes (3)');
    expect((await request(app.server).get('/readyz')).status).toBe(503);
    ready = true;
    expect((await request(app.server).get('/readyz')).status).toBe(200);
    await Promise.all([app.stop(), app.stop()]);
    expect(stopped).toEqual([services]);
  });

  it('answers the error page when they fail to start (the process entry exits then)', async () => {
    const app = appWith({ start: () => Promise.reject(new Error('the database is not there')) });
    const response = await request(app.server).get('/notes/first');
    expect(response.status).toBe(500);
    expect(response.text).not.toContain('the database is not there');
    expect((await request(app.server).get('/readyz')).status).toBe(503);
  });

  it('are stopped on shutdown only after the requests in flight have finished', async () => {
    const events: string[] = [];
    const server = http.createServer((_request, response) => {
      setTimeout(() => {
        events.push('request finished');
        response.end('done');
      }, 300);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((resolve) => (exited = resolve));
    const lifecycle = createLifecycle({
      server,
      logger: captureLogger(),
      monitoring: noMonitoring,
      shutdownTimeoutMs: 5_000,
      exit: (code) => exited(code),
      stopServices: async () => {
        events.push('services stopped');
      },
    });
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    await sleep(100);
    lifecycle.drain('test', 0);
    expect(await inFlight).toBe('done');
    expect(await exit).toBe(0);
    expect(events).toEqual(['request finished', 'services stopped']);
  });
});

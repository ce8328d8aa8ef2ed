import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseWriter } from '../../server/render/response-writer.ts';

type SocketWrites = Socket & { _writev: (...args: unknown[]) => void; _write: (...args: unknown[]) => void };

/** How many times the server's socket handed bytes to the kernel while answering one request. */
function countSocketWrites(socket: Socket): { count: number } {
  const counted = { count: 0 };
  const raw = socket as SocketWrites;
  for (const method of ['_writev', '_write'] as const) {
    const original = raw[method].bind(raw);
    raw[method] = (...args: unknown[]) => {
      counted.count += 1;
      original(...args);
    };
  }
  return counted;
}

let server: http.Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A store the render runs in, standing for React's own (its whole request, kept by what is made in it). */
const renderStore = new AsyncLocalStorage<string>();
/** A store the whole request runs in, standing for an app's or Sentry's (the request's scopes and transaction). */
const requestStore = new AsyncLocalStorage<string>();

/**
 * Serves one React element through a ResponseWriter, rendered inside `renderStore` inside `requestStore`, and
 * returns the body, the socket writes it took and the stores the response's `finish` was emitted in.
 */
async function serve(element: React.ReactElement, beforeEnd = (done: () => void) => done()) {
  let writes = { count: 0 };
  let storesAtFinish: (string | undefined)[] = ['never finished'];
  server = http.createServer((_request, response) => {
    writes = countSocketWrites(response.socket as Socket);
    response.on('finish', () => {
      storesAtFinish = [requestStore.getStore(), renderStore.getStore()];
    });
    requestStore.run('request', () => {
      const outsideRender = new AsyncResource('DocumentWrites');
      renderStore.run('render', () => {
        const stream = renderToPipeableStream(element, {
          onShellReady() {
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            const writer = new ResponseWriter(response, FRAME, beforeEnd, outsideRender);
            stream.pipe(writer as unknown as NodeJS.WritableStream);
          },
        });
      });
    });
  });
  await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
  const body = await response.text();
  return { body, writes: writes.count, storesAtFinish };
}

/** Marks where each part of the document's frame lands. */
const FRAME = { start: '<!--frame start-->', afterShell: '<!--after shell-->', end: '<!--frame end-->' };

const rows = Array.from({ length: 400 }, (_, index) => createElement('li', { key: index }, `row ${index}`));

describe('ResponseWriter', () => {
  it('sends a document React finishes at once in one write: headers, every chunk and the end', async () => {
    const { body, writes } = await serve(createElement('ul', null, rows));
    expect(body).toContain('row 399');
    expect(body.startsWith(`${FRAME.start}<ul>`)).toBe(true);
    expect(body.endsWith(`</ul>${FRAME.afterShell}${FRAME.end}`)).toBe(true);
    expect(writes).toBe(1);
  });

  it('still streams: the shell leaves before a suspended part settles, which comes in a later write', async () => {
    let settle: (text: string) => void = () => {};
    const later = new Promise<string>((resolve) => {
      settle = resolve;
    });
    const Late = () => createElement('p', null, use(later));
    const element = createElement(
      'main',
      null,
      createElement('h1', null, 'shell'),
      createElement(Suspense, { fallback: 'loading' }, createElement(Late)),
    );
    setTimeout(() => settle('settled'), 50);
    const { body, writes } = await serve(element);
    expect(body.startsWith(`${FRAME.start}<main><h1>shell</h1>`)).toBe(true);
    // The frame's scripts follow the shell at once, before the suspended part's content.
    expect(body.indexOf(FRAME.afterShell)).toBeGreaterThan(body.indexOf('</main>'));
    expect(body.indexOf(FRAME.afterShell)).toBeLessThan(body.indexOf('settled'));
    expect(body.endsWith(FRAME.end)).toBe(true);
    expect(writes).toBeGreaterThan(1);
  });

  it("ends the response in the request's context but outside the render's, so what the end makes keeps nothing of the render", async () => {
    const { body, storesAtFinish } = await serve(createElement('p', null, 'page'));
    expect(body).toContain('page');
    expect(storesAtFinish).toEqual(['request', undefined]);
  });

  it("leaves the response's close and error to the caller's abort signal: React's handlers, which make an Error each, are not installed", async () => {
    let added: string[] = [];
    server = http.createServer((_request, response) => {
      const stream = renderToPipeableStream(createElement('p', null, 'page'), {
        onShellReady() {
          const before = ['close', 'error', 'drain'].map((event) => response.listenerCount(event));
          const writer = new ResponseWriter(response, FRAME, (done) => done(), new AsyncResource('Writes'));
          stream.pipe(writer as unknown as NodeJS.WritableStream);
          added = ['close', 'error', 'drain'].filter(
            (event, index) => response.listenerCount(event) > (before[index] as number),
          );
        },
      });
    });
    await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
    expect(await response.text()).toContain('page');
    expect(added).toEqual(['drain']);
  });

  it('keeps the response open until beforeEnd calls back, then ends it', async () => {
    const { body } = await serve(createElement('p', null, 'page'), (done) => setTimeout(done, 30));
    expect(body).toContain('page');
  });
});

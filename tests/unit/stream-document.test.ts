import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import express, { type Response } from 'express';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { streamDocument } from '../../server/render/stream-document.ts';
import { RequestAbort } from '../../server/request/request-abort.ts';

// A full collection on demand, to see what a finished render still holds.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

let server: http.Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

interface Held {
  tree: WeakRef<object>;
  frame: WeakRef<object>;
}

/** Streams one document whose tree and frame only the render holds; returns weak references to both. */
function streamUnheld(response: Response): Held {
  const tree = createElement('ul', null, createElement('li', null, 'row'));
  const frame = { start: '<!--start-->', afterShell: '<!--scripts-->', end: '<!--end-->' };
  streamDocument(response, {
    element: tree,
    status: 200,
    waitForAll: false,
    frame,
    deferredScripts: [],
    abort: new RequestAbort(),
    onRenderError: () => {},
    onShellError: () => {},
  });
  return { tree: new WeakRef(tree), frame: new WeakRef(frame) };
}

describe('streamDocument', () => {
  it("lets go of a finished render's tree and frame before React's own deferred work runs", async () => {
    let heldAfterEnd: { tree: boolean; frame: boolean } | undefined;
    const app = express();
    app.get('/', (_request, response) => {
      const held = streamUnheld(response);
      response.once('finish', () => {
        // React keeps its finished request until a setImmediate of its own runs, after every other ready
        // connection is served; this tick comes before it.
        process.nextTick(() => {
          collectGarbage();
          heldAfterEnd = { tree: held.tree.deref() !== undefined, frame: held.frame.deref() !== undefined };
        });
      });
    });
    server = http.createServer(app);
    await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
    expect(await response.text()).toBe('<!--start--><ul><li>row</li></ul><!--scripts--><!--end-->');
    expect(heldAfterEnd).toEqual({ tree: false, frame: false });
  });
});

import { AsyncResource } from 'node:async_hooks';
import type { Response } from 'express';
import type { ReactNode } from 'react';
import { type PipeableStream, renderToPipeableStream } from 'react-dom/server';
import type { RequestAbort } from '../request/request-abort.ts';
import type { DocumentFrame } from './document-frame.ts';
import { ResponseWriter } from './response-writer.ts';

export interface StreamDocumentOptions {
  element: ReactNode;
  status: number;
  /** Send the complete document (onAllReady) instead of the shell first: a shared copy's, a crawler's. */
  waitForAll: boolean;
  /** The document around React's bytes (document-frame.ts): React renders only the body's tree. */
  frame: DocumentFrame;
  /** The response's CSP nonce, put on every inline script (React's and the deferred-data ones). */
  nonce?: string;
  /** Scripts that settle deferred data values in the browser; each promise resolves to script source. */
  deferredScripts: Promise<string>[];
  /** Aborted when the client goes away or the deadline passes (see request-abort.ts); aborts the render. */
  abort: RequestAbort;
  /** An error React met while rendering (shell or later); called once per error. */
  onRenderError: (error: unknown) => void;
  /** The shell failed: nothing was sent yet, so the caller answers with an error page. */
  onShellError: (error: unknown) => void;
}

/** Streams a React document into the response with the status and headers decided before the shell flushes. */
export function streamDocument(response: Response, options: StreamDocumentOptions): void {
  const { abort, deferredScripts, nonce, onRenderError } = options;
  // What React's callbacks below need, dropped once React is done with them: React keeps its finished
  // request, and the callbacks in it, until a setImmediate of its own runs, after every other connection's
  // ready request has been served. Holding the response (its headers, its request) and the render's tree,
  // payload and data, they kept each finished page alive that long under load, for V8's scavenges to copy.
  let rendering: Rendering | null = {
    response,
    options,
    scripts: deferredScriptQueue(deferredScripts, nonce, onRenderError),
    reportError: renderErrorsOnce(abort, onRenderError),
    // Before the render: the response's writes leave from here, not from React's context (response-writer.ts).
    // An AsyncResource, not AsyncLocalStorage.snapshot(): on Node 20 a snapshot is dear (its bound
    // function's deprecated accessors).
    outsideRender: new AsyncResource('DocumentWrites'),
    stream: null,
  };
  const stream = renderToPipeableStream(options.element, {
    nonce,
    onShellReady() {
      if (rendering && !rendering.options.waitForAll) send(rendering);
    },
    onAllReady() {
      if (rendering?.options.waitForAll) send(rendering);
      rendering = null;
    },
    onShellError(error) {
      const failed = rendering;
      rendering = null;
      if (failed && !failed.response.destroyed && !failed.response.headersSent)
        failed.options.onShellError(error);
    },
    onError(error) {
      rendering?.reportError(error);
    },
  });
  // React calls back from a microtask at the earliest, so the stream is here before `send` needs it.
  rendering.stream = stream;
  abortRenderOnAbort(abort, stream);
}

/** A function of its own, so the closure the abort keeps holds the stream, not the callbacks' state. */
function abortRenderOnAbort(abort: RequestAbort, stream: PipeableStream): void {
  abort.onAbort((reason) => stream.abort(reason));
}

function send({ response, options, scripts, outsideRender, stream }: Rendering) {
  if (!stream || response.headersSent || response.destroyed) return;
  response.status(options.status);
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  const writer = new ResponseWriter(response, options.frame, scripts.whenAllWritten, outsideRender);
  // React needs only the methods ResponseWriter has of a Writable.
  stream.pipe(writer as unknown as NodeJS.WritableStream);
  scripts.writeTo(writer);
}

interface Rendering {
  response: Response;
  options: StreamDocumentOptions;
  scripts: DeferredScriptQueue;
  reportError: (error: unknown) => void;
  outsideRender: AsyncResource;
  stream: PipeableStream | null;
}

type DeferredScriptQueue = ReturnType<typeof deferredScriptQueue>;

/**
 * The deferred values' scripts: held until the shell is out, then written between React's flushes; the
 * document ends once the last is written. A count and a callback rather than Promise.all, which makes
 * promises per request (see app/request-handler.ts for what they cost).
 */
function deferredScriptQueue(
  deferredScripts: Promise<string>[],
  nonce: string | undefined,
  onRenderError: (error: unknown) => void,
) {
  let writer: ResponseWriter | null = null;
  const early: string[] = [];
  let pending = deferredScripts.length;
  let afterLast: (() => void) | null = null;
  const settled = () => {
    pending -= 1;
    if (pending === 0 && writer) afterLast?.();
  };
  for (const script of deferredScripts) {
    script.then(
      (source) => {
        const tag = nonce ? `<script nonce="${nonce}">${source}</script>` : `<script>${source}</script>`;
        if (writer) writer.writeBetweenFlushes(tag);
        else early.push(tag);
        settled();
      },
      (error: unknown) => {
        onRenderError(error);
        settled();
      },
    );
  }
  return {
    writeTo(target: ResponseWriter) {
      writer = target;
      for (const tag of early.splice(0)) target.writeBetweenFlushes(tag);
      if (pending === 0) afterLast?.();
    },
    // A page rendered whole before it is sent (a crawler's, a shared one) has React end inside `pipe`, before
    // `writeTo`: the end then waits for the scripts that settled early.
    whenAllWritten(done: () => void) {
      if (pending === 0 && writer) done();
      else afterLast = done;
    },
  };
}

/** React's onError: each error reported once, and never our own abort reason (it cuts boundaries short). */
function renderErrorsOnce(abort: RequestAbort, onRenderError: (error: unknown) => void) {
  // Made on the first error: most renders have none.
  let seenErrors: WeakSet<object> | undefined;
  return (error: unknown) => {
    if (abort.aborted && error === abort.reason) return;
    if (typeof error === 'object' && error !== null) {
      seenErrors ??= new WeakSet();
      if (seenErrors.has(error)) return;
      seenErrors.add(error);
    }
    onRenderError(error);
  };
}

/**
 * Headers of a streamed answer no cache may keep: its parts (a page's shell, then each deferred section)
 * must not be held back by a proxy either (nginx buffers unless told `X-Accel-Buffering: no`).
 */
export function streamPrivately(response: Response, cacheControl: string): void {
  response.setHeader('Cache-Control', cacheControl);
  response.removeHeader('ETag');
  response.setHeader('X-Accel-Buffering', 'no');
}

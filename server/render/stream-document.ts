import { AsyncResource } from 'node:async_hooks';
import type { Response } from 'express';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { DocumentFrame } from './document-frame.ts';
import { ResponseWriter } from './response-writer.ts';

export interface StreamDocumentOptions {
  element: ReactNode;
  status: number;
  /** Crawlers get the complete document (onAllReady) instead of the shell first. */
  waitForAll: boolean;
  /** The document around React's bytes (document-frame.ts): React renders only the body's tree. */
  frame: DocumentFrame;
  /** The response's CSP nonce, put on every inline script (React's and the deferred-data ones). */
  nonce?: string;
  /** Scripts that settle deferred data values in the browser; each promise resolves to script source. */
  deferredScripts: Promise<string>[];
  /** Aborted when the client goes away or the deadline passes (see request-abort.ts); aborts the render. */
  abortController: AbortController;
  /** An error React met while rendering (shell or later); called once per error. */
  onRenderError: (error: unknown) => void;
  /** The shell failed: nothing was sent yet, so the caller answers with an error page. */
  onShellError: (error: unknown) => void;
}

/** Streams a React document into the response with the status and headers decided before the shell flushes. */
export function streamDocument(response: Response, options: StreamDocumentOptions): void {
  const { abortController } = options;
  const scripts = deferredScriptQueue(options);
  // Before the render: the response's writes leave from here, not from React's context (response-writer.ts).
  // An AsyncResource, not AsyncLocalStorage.snapshot(): on Node 20 a snapshot costs ~35 µs (its bound
  // function's deprecated accessors).
  const outsideRender = new AsyncResource('DocumentWrites');
  const stream = renderToPipeableStream(options.element, {
    nonce: options.nonce,
    onShellReady() {
      if (!options.waitForAll) send();
    },
    onAllReady() {
      if (options.waitForAll) send();
    },
    onShellError(error) {
      if (!response.destroyed && !response.headersSent) options.onShellError(error);
    },
    onError: renderErrorsOnce(options),
  });
  abortController.signal.addEventListener('abort', () => stream.abort(abortController.signal.reason), {
    once: true,
  });

  function send() {
    if (response.headersSent || response.destroyed) return;
    response.status(options.status);
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    const writer = new ResponseWriter(response, options.frame, scripts.whenAllWritten, outsideRender);
    // React needs only the methods ResponseWriter has of a Writable.
    stream.pipe(writer as unknown as NodeJS.WritableStream);
    scripts.writeTo(writer);
  }
}

/**
 * The deferred values' scripts: held until the shell is out, then written between React's flushes; the
 * document ends once the last is written. A count and a callback rather than Promise.all, which makes
 * promises per request (see pipeline/request-handler.ts for what they cost).
 */
function deferredScriptQueue(options: StreamDocumentOptions) {
  let writer: ResponseWriter | null = null;
  const early: string[] = [];
  let pending = options.deferredScripts.length;
  let afterLast: (() => void) | null = null;
  const settled = () => {
    pending -= 1;
    if (pending === 0 && writer) afterLast?.();
  };
  for (const script of options.deferredScripts) {
    script.then(
      (source) => {
        const tag = options.nonce
          ? `<script nonce="${options.nonce}">${source}</script>`
          : `<script>${source}</script>`;
        if (writer) writer.writeBetweenFlushes(tag);
        else early.push(tag);
        settled();
      },
      (error: unknown) => {
        options.onRenderError(error);
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
function renderErrorsOnce({ abortController, onRenderError }: StreamDocumentOptions) {
  // Made on the first error: most renders have none.
  let seenErrors: WeakSet<object> | undefined;
  return (error: unknown) => {
    if (abortController.signal.aborted && error === abortController.signal.reason) return;
    if (typeof error === 'object' && error !== null) {
      seenErrors ??= new WeakSet();
      if (seenErrors.has(error)) return;
      seenErrors.add(error);
    }
    onRenderError(error);
  };
}

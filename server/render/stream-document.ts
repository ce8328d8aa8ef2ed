import type { Response } from 'express';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ResponseWriter } from './response-writer.ts';

export interface StreamDocumentOptions {
  element: ReactNode;
  status: number;
  /** Crawlers get the complete document (onAllReady) instead of the shell first. */
  waitForAll: boolean;
  bootstrapScriptContent?: string;
  /** The response's CSP nonce, put on every inline script (React's and the deferred-data ones). */
  nonce?: string;
  bootstrapModules?: string[];
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
  // Made on the first error: most renders have none.
  let seenErrors: WeakSet<object> | undefined;
  let writer: ResponseWriter | null = null;
  const earlyScripts: string[] = [];
  // A count and a callback rather than Promise.all, which makes promises per request (see answer() in
  // create-app.ts for what they cost).
  let scriptsPending = options.deferredScripts.length;
  let afterLastScript: (() => void) | null = null;
  const settleScript = () => {
    scriptsPending -= 1;
    if (scriptsPending === 0) afterLastScript?.();
  };

  for (const script of options.deferredScripts) {
    script.then(
      (source) => {
        const tag = options.nonce
          ? `<script nonce="${options.nonce}">${source}</script>`
          : `<script>${source}</script>`;
        if (writer) writer.writeBetweenFlushes(tag);
        else earlyScripts.push(tag);
        settleScript();
      },
      (error: unknown) => {
        options.onRenderError(error);
        settleScript();
      },
    );
  }

  const stream = renderToPipeableStream(options.element, {
    bootstrapScriptContent: options.bootstrapScriptContent,
    nonce: options.nonce,
    bootstrapModules: options.bootstrapModules,
    onShellReady() {
      if (!options.waitForAll) send();
    },
    onAllReady() {
      if (options.waitForAll) send();
    },
    onShellError(error) {
      if (!response.destroyed && !response.headersSent) options.onShellError(error);
    },
    onError(error) {
      // Our own abort reason reaches onError for every boundary it cuts short: it is not a render bug.
      if (abortController.signal.aborted && error === abortController.signal.reason) return;
      if (typeof error === 'object' && error !== null) {
        seenErrors ??= new WeakSet();
        if (seenErrors.has(error)) return;
        seenErrors.add(error);
      }
      options.onRenderError(error);
    },
  });
  abortController.signal.addEventListener('abort', () => stream.abort(abortController.signal.reason), {
    once: true,
  });

  function send() {
    if (response.headersSent || response.destroyed) return;
    response.status(options.status);
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    writer = new ResponseWriter(response, (done) => {
      if (scriptsPending === 0) done();
      else afterLastScript = done;
    });
    stream.pipe(writer);
    for (const tag of earlyScripts.splice(0)) writer.writeBetweenFlushes(tag);
  }
}

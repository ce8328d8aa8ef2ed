import type http from 'node:http';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { BareDocument } from './bare-document.tsx';

interface BarePage {
  /** The page's component, rendered inside the bare renderer's own document. */
  page: ReactNode;
  title?: string;
  /** Inlined as `window.__DATA`, for the client script to hydrate from. */
  data: unknown;
  /** The path of the page's one module script. */
  client: string;
  nonce?: string;
}

/**
 * How the bare renderers answer a page: React's renderToPipeableStream piped into the response once the shell
 * is ready, the data inlined as one JSON script and one module script, as a user would write it by hand.
 */
export function renderBarePage(
  response: http.ServerResponse,
  { page, title, data, client, nonce }: BarePage,
) {
  // Per request, as a page whose data comes from a database would be; `<` escaped, so no value can close
  // the script.
  const dataScript = `window.__DATA=${JSON.stringify(data).replace(/</g, '\\u003c')}`;
  const stream = renderToPipeableStream(<BareDocument title={title}>{page}</BareDocument>, {
    bootstrapScriptContent: dataScript,
    bootstrapModules: [client],
    nonce,
    onShellReady() {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      stream.pipe(response);
    },
    onShellError(error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    },
  });
  response.once('close', () => stream.abort());
}

/** The bare renderers' other answers: their one client script at /client.js, and 404 for anything else. */
export function sendClientOrNotFound(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  client: Buffer,
) {
  if (request.url === '/client.js') {
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(client);
    return;
  }
  response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
}

// The bare renderer of the light pair in `npm run bench`: what a user would otherwise run. node:http calls
// React's renderToPipeableStream on the light page's component with its own tiny document, the data inlined
// as one JSON script and one client script; it shares none of our runtime's code (no router, no Express, no
// logging, no headers beyond the content type; its process plumbing is the bench's serveUntilSignal). bench/lib/builds.mjs bundles it (React bundled, production).
//
// Environment: PORT (default 0 = any; prints `listening <port>`), BARE_CLIENT (the bundled client script),
// BARE_SECURITY_HEADERS=1: helmet's default headers on every response (Cross-Origin-Opener-Policy and a CSP
// among them), its inline script allowed by a nonce, so the time to hydrated compares like with like.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import helmet from 'helmet';
import { serveUntilSignal } from '../lib/serve-until-signal.ts';
import { ProductTable } from './product-table.tsx';
import { renderBarePage, sendClientOrNotFound } from './render-bare-page.tsx';
import { LIGHT_ROWS } from './rows.ts';

const client = readFileSync(process.env.BARE_CLIENT ?? 'bare-client.js');

type NoncedResponse = http.ServerResponse & { nonce?: string };

const setSecurityHeaders =
  process.env.BARE_SECURITY_HEADERS === '1'
    ? helmet({
        contentSecurityPolicy: {
          directives: {
            scriptSrc: ["'self'", (_request, response) => `'nonce-${(response as NoncedResponse).nonce}'`],
          },
        },
      })
    : null;

function answer(request: http.IncomingMessage, response: NoncedResponse) {
  if (request.url === '/products') {
    const page = <ProductTable rows={LIGHT_ROWS} />;
    return renderBarePage(response, { page, data: LIGHT_ROWS, client: '/client.js', nonce: response.nonce });
  }
  sendClientOrNotFound(request, response, client);
}

const server = http.createServer((request, response: NoncedResponse) => {
  if (!setSecurityHeaders) return answer(request, response);
  response.nonce = randomBytes(16).toString('base64');
  setSecurityHeaders(request, response, () => answer(request, response));
});
serveUntilSignal(server);

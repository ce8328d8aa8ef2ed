// The light page's bare renderer inside a plain Express 5 app, one `app.get` route: what Express itself costs
// a page, before any code of our runtime (none of it is here). A reference for bench/side-by-side.mjs's
// `express` side, not a baseline of the bench's pairs. bench/lib/builds.mjs bundles it beside the bare one.
//
// Environment: PORT, BARE_CLIENT as bare-server.tsx; EXPRESS_CLASSES=1 hands node:http request and response
// classes whose prototypes are the app's own (createServer's `IncomingMessage` and `ServerResponse` options),
// so Express's per-request `Object.setPrototypeOf` changes nothing, as our runtime's server does.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import express from 'express';
import { serveUntilSignal } from '../lib/serve-until-signal.ts';
import { ProductTable } from './product-table.tsx';
import { renderBarePage, sendClientOrNotFound } from './render-bare-page.tsx';
import { LIGHT_ROWS } from './rows.ts';

const client = readFileSync(process.env.BARE_CLIENT ?? 'bare-client.js');
const app = express();
app.disable('x-powered-by');
app.get('/products', (_request, response) => {
  const page = <ProductTable rows={LIGHT_ROWS} />;
  renderBarePage(response, { page, data: LIGHT_ROWS, client: '/client.js' });
});
app.use((request, response) => sendClientOrNotFound(request, response, client));

class AppRequest extends http.IncomingMessage {}
class AppResponse extends http.ServerResponse {}
/** Gives `classPrototype` what Express's prototype for the app holds, and makes it the app's. */
function adopt(classPrototype: object, appPrototype: object): void {
  const { constructor: _constructor, ...properties } = Object.getOwnPropertyDescriptors(appPrototype);
  Object.setPrototypeOf(classPrototype, Object.getPrototypeOf(appPrototype));
  Object.defineProperties(classPrototype, properties);
}

if (process.env.EXPRESS_CLASSES === '1') {
  adopt(AppRequest.prototype, app.request);
  adopt(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as typeof app.request;
  app.response = AppResponse.prototype as typeof app.response;
  serveUntilSignal(http.createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app));
} else {
  serveUntilSignal(http.createServer(app));
}

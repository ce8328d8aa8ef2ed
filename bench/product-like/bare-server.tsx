// The bare renderer of the wrk pair's product-like page in `npm run bench`: node:http calls React's
// renderToPipeableStream on the page's component with the bare renderers' own document, the data inlined as
// one JSON script and one module script. It shares none of our runtime's code (no router, no Express, no
// logging, no headers beyond the content type); bench/lib/builds.mjs bundles it (React bundled, production).
//
// Environment: PORT (default 0 = any; prints `listening <port>`), BARE_CLIENT (the bundled client script).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { serveUntilSignal } from '../lib/serve-until-signal.ts';
import { renderBarePage, sendClientOrNotFound } from '../light/render-bare-page.tsx';
import { ProductDetail } from './product-detail.tsx';
import { productPageOf } from './product-pages.ts';

const client = readFileSync(process.env.BARE_CLIENT ?? 'bare-client.js');
const PRODUCT_URL = /^\/products\/([^/?]+)$/;

const server = http.createServer((request, response) => {
  const sku = PRODUCT_URL.exec(request.url ?? '')?.[1];
  const data = sku === undefined ? undefined : productPageOf(sku);
  if (data) {
    const page = <ProductDetail product={data.product} related={data.related} />;
    return renderBarePage(response, { page, title: data.product.name, data, client: '/client.js' });
  }
  sendClientOrNotFound(request, response, client);
});
serveUntilSignal(server);

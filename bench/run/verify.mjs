// Checks that every server answers the pages the bench loads as it should, before any load runs.
import { gzipSize } from '../lib/bytes.mjs';
import { fetchText, PRODUCT_NAME, PRODUCT_PATH, SHOP_PATH } from '../lib.mjs';

/** Both pages from every server: status, content, payload; and whether ours equals the baseline's HTML. */
export async function verify(servers, manifest) {
  const checks = {};
  const bodies = {};
  for (const [name, server] of Object.entries(servers)) {
    const problems = [];
    const product = await fetchText(`${server.origin}${PRODUCT_PATH}`);
    const shop = await fetchText(`${server.origin}${SHOP_PATH}`);
    if (product.status !== 200) problems.push(`product page answered ${product.status}`);
    if (!product.body.includes(`<h1 class="product__name">${PRODUCT_NAME}</h1>`))
      problems.push('product name missing');
    if (!/\(self\.__ssrDeferred\|\|=\[\]\)\.push\(\["product:related",1,/.test(product.body))
      problems.push('related products (deferred) missing');
    if (!product.body.includes(`self.__SSR=`)) problems.push('payload script missing on the product page');
    if (shop.status !== 200) problems.push(`/shop answered ${shop.status}`);
    const rows = (shop.body.match(/class="product-card"/g) ?? []).length;
    if (rows < 10) problems.push(`/shop shows ${rows} product rows`);
    if (!shop.body.includes(`"buildId":"${manifest.buildId}"`))
      problems.push('/shop payload has another build id');
    bodies[name] = { product: product.body, shop: shop.body };
    checks[name] = {
      ok: problems.length === 0,
      problems,
      productBytes: Buffer.byteLength(product.body),
      shopBytes: Buffer.byteLength(shop.body),
      shopRows: rows,
    };
  }
  // Same HTML as the baseline once the per-response CSP nonce and form key (the add-to-cart form's, a fresh
  // UUID in the form and in the payload) and React's out-of-order streaming are set aside.
  const normalize = (html) =>
    html
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID');
  for (const name of ['ours', 'oursSentry']) {
    checks[name].shopSameAsBaseline = normalize(bodies[name].shop) === normalize(bodies.baseline.shop);
    checks[name].productSameAsBaseline =
      normalize(bodies[name].product) === normalize(bodies.baseline.product);
  }
  return checks;
}

/** What a client navigation to the product page fetches besides code: the data endpoint's answer. */
export async function measureNavigationData(server, manifest) {
  const url = `${server.origin}/_data/${manifest.buildId}${PRODUCT_PATH}`;
  const response = await fetchText(url);
  const bytes = Buffer.from(response.body);
  const type = String(response.headers['content-type'] ?? '');
  return {
    url: url.slice(server.origin.length),
    status: response.status,
    contentType: type,
    ok: response.status === 200 && /json/.test(type) && !response.body.includes('<html'),
    bytes: bytes.length,
    gzip: gzipSize(bytes),
  };
}

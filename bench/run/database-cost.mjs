// What the shop's database costs per request: the baseline process runs each page's data steps back to back
// against its embedded engine (bench/baseline/database-cost.ts) and reports their CPU time per request.
import { PRODUCT_PATH, SHOP_PATH } from '../lib.mjs';

/** CPU µs per request of the product page's and /shop's data steps on the embedded engine. */
export async function measureDatabaseCost(baseline, runs) {
  const cost = {};
  for (const [route, pathname] of [
    ['product', PRODUCT_PATH],
    ['shop', SHOP_PATH],
  ]) {
    const url = `${baseline.origin}/_bench/database-cost?path=${encodeURIComponent(pathname)}&runs=${runs}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    if (!response.ok) throw new Error(`database cost of ${pathname}: HTTP ${response.status}`);
    cost[route] = await response.json();
  }
  return cost;
}

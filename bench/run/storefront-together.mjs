// The storefront pair loaded together (bench/run/concurrent-pair.mjs): ours against its baseline on `/shop`
// and on the product page, each in both start orders, new processes each.
// The sequential rounds of the storefront pair (bench/run.mjs's measureServers) keep their rows; this is the
// reading the machine's drift does not move.
import { PRODUCT_PATH, SHOP_PATH, startServer } from '../lib.mjs';
import { measureBothOrders } from './concurrent-pair.mjs';
import { CONNECTIONS } from './settings.mjs';

/**
 * The product page at 100 connections, not the sequential rounds' 400: two servers sharing core 0 answer it
 * at ~75 req/s each, so 400 connections queued ~5 s per request and a 2 s round could end with none
 * answered. 100 still keep it CPU-bound (its 500 ms deferred value allows 200 req/s).
 */
export const TOGETHER_PRODUCT_CONNECTIONS = 100;

export const STOREFRONT_TOGETHER_ROUTES = {
  shop: { url: SHOP_PATH, connections: CONNECTIONS },
  product: { url: PRODUCT_PATH, connections: TOGETHER_PRODUCT_CONNECTIONS },
};

/** Ours' throughput relative to the baseline's once the CPU is the limit, by route. */
export async function measureStorefrontTogether(pin, { rounds, durationS, warmupS }, log) {
  const start = (side) => startServer(side, { pin });
  const results = {};
  for (const [routeId, route] of Object.entries(STOREFRONT_TOGETHER_ROUTES)) {
    results[routeId] = await measureBothOrders(
      pin,
      { a: 'ours', b: 'baseline', start },
      { ...route, rounds, durationS, warmupS },
      log,
    );
  }
  return results;
}

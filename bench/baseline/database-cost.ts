// What the shop's database costs a request, measured in the baseline process: each page's data steps (and
// the product page's deferred related products) run back to back against the embedded engine, with the
// process's CPU time per run. Our server runs the same steps on the same engine: this is their share of
// our CPU per request too.

import { productDetail, relatedProducts } from '../../apps/storefront/server/db/catalogue-queries.ts';
import type { WatchedDatabase } from '../../server/database/database-health.ts';
import type { ShopStepContext } from './routes.ts';
import { routeOf } from './routes.ts';

const MAX_RUNS = 5_000;

/** CPU and wall time per run of the data steps of the page at `pathname`, over `runs` runs. */
export async function measureDatabaseCost(
  pathname: string,
  runs: number,
  context: ShopStepContext,
  db: WatchedDatabase,
): Promise<{ runs: number; cpuUsPerRequest: number; wallUsPerRequest: number } | null> {
  const route = routeOf(pathname);
  if (!route) return null;
  const count = Math.max(1, Math.min(MAX_RUNS, Math.floor(runs)));
  const product =
    typeof route.params.id === 'string' ? await productDetail(db, route.params.id, 'en') : undefined;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let run = 0; run < count; run++) {
    // Aborted once the steps are done: the deferred related products stop waiting (500 ms) and never query;
    // their query is measured on its own below.
    const abort = new AbortController();
    const step = { ...context, params: route.params, signal: abort.signal };
    await Promise.all(route.segments.map((segment) => segment.data(step)));
    abort.abort(new Error('measured'));
    if (product) await relatedProducts(db, product, 'en');
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    runs: count,
    cpuUsPerRequest: (cpu.user + cpu.system) / count,
    wallUsPerRequest: ((performance.now() - wallBefore) * 1000) / count,
  };
}

// What every benchmark shares: where things are, what is measured, small helpers.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
/** A private copy of the build: other people's builds into dist/ cannot change it under a running server. */
export const SNAPSHOT_DIR = path.join(RESULTS_DIR, 'dist');
export const BASELINE_BUNDLE = path.join(RESULTS_DIR, 'build', 'baseline-server.mjs');
/** The light page as a user's app on our runtime: its production build. */
export const LIGHT_DIST = path.join(RESULTS_DIR, 'light-dist');
/** The light page's bare renderer and its one client script. */
export const BARE_SERVER_BUNDLE = path.join(RESULTS_DIR, 'build', 'bare-server.mjs');
export const BARE_CLIENT_BUNDLE = path.join(RESULTS_DIR, 'build', 'bare-client.js');
/** The same renderer inside a plain Express app (bench/light/express-server.tsx): what Express costs. */
export const EXPRESS_SERVER_BUNDLE = path.join(RESULTS_DIR, 'build', 'express-server.mjs');
export const LIGHT_PATH = '/products';
/** The product-like page of the wrk pair (bench/product-like/): its app's build, its bare renderer and client. */
export const PRODUCT_LIKE_DIST = path.join(RESULTS_DIR, 'product-like-dist');
export const PRODUCT_LIKE_BARE_SERVER = path.join(RESULTS_DIR, 'build', 'product-like-bare-server.mjs');
export const PRODUCT_LIKE_BARE_CLIENT = path.join(RESULTS_DIR, 'build', 'product-like-bare-client.js');
/** One product's page; both servers of the pair serve every SKU of bench/light/rows.ts. */
export const PRODUCT_LIKE_PATH = '/products/sku-001';
export const HOST = '127.0.0.1';
export const PRODUCT_PATH = '/products/chef-knife-20cm';
export const PRODUCT_NAME = 'Chef knife 20 cm';
export const SHOP_PATH = '/shop';
/** A browser user agent: crawlers (isbot) get the whole document at once instead of the streamed shell. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** The log level of our server under load: warnings and errors only, so request logging does not dominate. */
export const BENCH_LOG_LEVEL = 'warn';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The value after `name` on the command line (`--path /shop`), or `fallback`. */
export function cliOption(name, fallback) {
  const index = process.argv.indexOf(name, 2);
  return index === -1 ? fallback : process.argv[index + 1];
}
export const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

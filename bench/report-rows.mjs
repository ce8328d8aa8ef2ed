// The rows of the bench table: what each metric is, how it reads, and its target.

import { clickRows, lighthouseRows } from './report-browser-rows.mjs';
import { cachingRows } from './report-cache-rows.mjs';
import { lightRows } from './report-light-rows.mjs';
import {
  comparedRow,
  kb,
  mb,
  ms,
  oursOverBase,
  SERVERS,
  THROUGHPUT_METRICS,
  verdict,
} from './report-metrics.mjs';
import { coldStartRow, prerenderedRows, warmStartRows } from './report-release-rows.mjs';
import { storefrontSentryRows } from './report-sentry-rows.mjs';
import { storefrontTogetherRows } from './report-together-rows.mjs';
import { wrkRows, wrkSectionTitle } from './report-wrk-rows.mjs';
import { CONNECTIONS, DEFER_MS, SATURATING_CONNECTIONS, TARGETS } from './run/settings.mjs';

function throughputRows(r, add) {
  for (const [routeId, label] of [
    ['product', 'product page'],
    ['shop', '/shop'],
    ['productSaturated', `product page @${SATURATING_CONNECTIONS} conn.`],
  ]) {
    const t = r.throughput[routeId];
    for (const metric of THROUGHPUT_METRICS) {
      const values = Object.fromEntries(SERVERS.map((name) => [name, t[name][metric.field]]));
      add(
        `${label} ${metric.label}`,
        comparedRow(values, metric, routeId),
        `throughput.${routeId}.ours.${metric.field}`,
        t.ours[metric.field],
      );
    }
  }
  storefrontSentryRows(r, add);
  // Runs from before 2026-12-07 have none.
  if (r.storefrontTogether) storefrontTogetherRows(r.storefrontTogether, add);
  const peak = { format: mb, ratio: oursOverBase };
  add('process peak RSS (VmHWM)', comparedRow(r.peakRss, peak), 'peakRss.ours', r.peakRss.ours);
}

/** The database's share of our CPU per request: the pages' data steps on the embedded engine. */
function databaseRows(r, add) {
  const ours = { product: r.throughput.productSaturated.ours, shop: r.throughput.shop.ours };
  for (const [routeId, label] of [
    ['product', 'product page'],
    ['shop', '/shop'],
  ]) {
    const cost = r.databaseCost[routeId];
    const share = cost.cpuUsPerRequest / ours[routeId].cpuUsPerRequest;
    add(
      `${label}: data steps on the embedded database, CPU per request`,
      [
        `${cost.cpuUsPerRequest.toFixed(0)} µs`,
        `${(share * 100).toFixed(0)}% of ours`,
        `${cost.wallUsPerRequest.toFixed(0)} µs wall`,
        '',
        '',
        '',
      ],
      `databaseCost.${routeId}.cpuUsPerRequest`,
      cost.cpuUsPerRequest,
    );
  }
}

function streamingRows(r, add) {
  const tt = r.ttfb;
  const difference = (field) => tt.ours[field] - tt.baseline[field];
  const cells = (field) => SERVERS.map((name) => ms(tt[name][field]));
  const ttfbDiff = difference('firstByteMs');
  add(
    `first byte (complete shared copy), deferred value ${DEFER_MS} ms`,
    [
      ...cells('firstByteMs'),
      `${ttfbDiff >= 0 ? '+' : ''}${ttfbDiff.toFixed(2)} ms`,
      '<= +2 ms',
      verdict(ttfbDiff <= TARGETS.ttfbWithinMs),
    ],
    'ttfb.ours.firstByteMs',
    tt.ours.firstByteMs,
  );
  add(
    'bootstrap script',
    [...cells('shellMs'), `${difference('shellMs').toFixed(2)} ms`, '', ''],
    'ttfb.ours.shellMs',
    tt.ours.shellMs,
  );
  add(
    'final byte',
    [...cells('lastByteMs'), `${difference('lastByteMs').toFixed(2)} ms`, '', ''],
    'ttfb.ours.lastByteMs',
    tt.ours.lastByteMs,
  );
}

function firstLoadRows(c, add) {
  const product = c.routes.product;
  add(
    'product first load, DSN unset',
    [
      `${kb(product.firstLoad.gzip)} gz / ${kb(product.firstLoad.brotli)} br (${product.firstLoad.files} files)`,
      '',
      '',
      '',
      `<= ${TARGETS.firstLoadGzip} B gz`,
      verdict(product.firstLoad.gzip <= TARGETS.firstLoadGzip),
    ],
    'clientJs.routes.product.firstLoad.gzip',
    product.firstLoad.gzip,
  );
  const byCategory = c.productFirstLoadGzipByCategory;
  add(
    '  … by origin: react+react-dom / runtime / storefront',
    [
      `${kb(byCategory.react ?? 0)} / ${kb(byCategory.runtime ?? 0)} / ${kb(byCategory.app ?? 0)} gz`,
      `other packages ${kb(byCategory['other-packages'] ?? 0)}`,
      '',
      '',
      '',
      '',
    ],
    'clientJs.productFirstLoadGzipByCategory.react',
    byCategory.react,
  );
  add(
    'product first load, DSN set (+ Sentry chunk)',
    [
      `${kb(product.firstLoadWithSentry.gzip)} gz / ${kb(product.firstLoadWithSentry.brotli)} br`,
      '',
      '',
      '',
      '',
      '',
    ],
    'clientJs.routes.product.firstLoadWithSentry.gzip',
    product.firstLoadWithSentry.gzip,
  );
  for (const id of ['home', 'shop', 'cart', 'help']) {
    const route = c.routes[id];
    if (!route) continue;
    add(
      `${id} first load (nav. from entry only / from home)`,
      [
        `${kb(route.firstLoad.gzip)} gz / ${kb(route.firstLoad.brotli)} br`,
        `nav ${kb(route.navigation.gzip)} / ${kb(route.navigationFromHome.gzip)} gz`,
        '',
        '',
        '',
        '',
      ],
      `clientJs.routes.${id}.firstLoad.gzip`,
      route.firstLoad.gzip,
    );
  }
}

function runtimeRows(r, add) {
  const c = r.clientJs;
  const product = c.routes.product;
  const navExtras = Object.values(c.routes).flatMap((route) => route.navigationExtras);
  add(
    'product navigation: JS (from entry only / from home)',
    [
      `${kb(product.navigation.gzip)} gz (${product.navigation.files} files) / ${kb(product.navigationFromHome.gzip)} gz (${product.navigationFromHome.files})`,
      `+ data ${r.navigationData ? kb(r.navigationData.gzip) : '?'} gz`,
      '',
      '',
      'route chunk + data only',
      verdict(navExtras.length === 0 && r.navigationData?.ok === true),
    ],
    'clientJs.routes.product.navigation.gzip',
    product.navigation.gzip,
  );
  add(
    "our runtime's own code (client/, shared/routing, shared/ui)",
    [
      `${kb(c.runtime.gzip)} gz / ${kb(c.runtime.brotli)} br (${kb(c.runtime.rawBytes)} min.)`,
      `proportional ${kb(c.runtime.proportionalGzip)} gz`,
      '',
      '',
      `<= ${kb(TARGETS.runtimeGzip)} gz`,
      verdict(c.runtime.gzip <= TARGETS.runtimeGzip),
    ],
    'clientJs.runtime.gzip',
    c.runtime.gzip,
  );
  add(
    '  … of which in the product first load',
    [`${kb(c.runtime.productFirstLoadGzip)} gz`, '', '', '', '', ''],
    'clientJs.runtime.productFirstLoadGzip',
    c.runtime.productFirstLoadGzip,
  );
  add(
    'Sentry chunk (+ its imports)',
    [`${kb(c.sentry.gzip)} gz / ${kb(c.sentry.brotli)} br`, '', '', '', '', ''],
    'clientJs.sentry.gzip',
    c.sentry.gzip,
  );
}

function buildAndMemoryRows(r, add, section) {
  section(`4. Build (node build.mjs, median of ${r.build.runs.length})`);
  add(
    'build wall time (process start to exit)',
    [
      `${r.build.medianWallMs} ms`,
      `reported ${r.build.medianReportedMs} ms`,
      '',
      '',
      '< 1500 ms',
      verdict(r.build.medianWallMs < TARGETS.buildMs),
    ],
    'build.medianWallMs',
    r.build.medianWallMs,
  );
  // Runs from before the cold start's part have none.
  if (r.coldStart) coldStartRow(r.coldStart, add);
  section(`5. Memory under load (fresh server, ${r.memory.connections} connections)`);
  memoryRows(r.memory, 'memory', add);
  // Runs from before the light pair's memory run have none.
  if (r.lightMemory) memoryRows(r.lightMemory, 'lightMemory', add);
}

/** RSS of a fresh server after the first and the last stretch of `m.route`, and its trend; `key`: in results. */
function memoryRows(m, key, add) {
  add(
    `${m.route}: RSS after ${m.first} / ${m.second} requests`,
    [
      `${mb(m[`after${m.first}`])} / ${mb(m[`after${m.second}`])}`,
      `start ${mb(m.atStart)}, peak ${mb(m.peak)}; 2nd half x${m.secondHalfGrowth.toFixed(2)}`,
      '',
      `x${m.growth.toFixed(2)}`,
      '<= x1.10',
      verdict(m.growth <= TARGETS.memoryGrowth),
    ],
    `${key}.growth`,
    m.growth,
  );
  const trend = m.trend.map((point) => `${point.requests / 1000}k: ${(point.rss / 1024 / 1024).toFixed(0)}`);
  add('  RSS trend (requests: MB)', [trend.join(', '), '', '', '', '', ''], `${key}.peak`, m.peak);
}

/** The table rows: [metric, ours, ours+Sentry, baseline, ours/baseline, target, verdict, key for deltas]. */
export function rows(r) {
  const out = [];
  const section = (title) => out.push({ section: title });
  const add = (metric, cells, key, value) => out.push({ metric, cells, key, value });
  if (r.light) {
    section(
      `0. Light page (bench/light/) against a bare node:http + renderToPipeableStream, production defaults`,
    );
    lightRows(r, add);
  }
  // Runs from before issue 51 have none; a run without wrk has none either.
  if (r.wrkPair) {
    section(wrkSectionTitle(r.wrkPair));
    wrkRows(r.wrkPair, add);
  }
  section(`1. SSR throughput and latency (${CONNECTIONS} connections unless noted, median of rounds)`);
  throughputRows(r, add);
  if (r.databaseCost) databaseRows(r, add);
  section(
    `2. Product page, a shared page sent complete (median of ${r.ttfb.ours.requests} sequential requests)`,
  );
  streamingRows(r, add);
  section('3. Client JavaScript (gzip -9 / brotli 11 of dist/client files)');
  firstLoadRows(r.clientJs, add);
  runtimeRows(r, add);
  // Runs from before caching have none.
  if (r.caching) {
    section('3c. Caching (bench/run/cache.mjs): nginx page cache, and 304 revalidation');
    cachingRows(r.caching, add);
  }
  // Runs from before issue 50's measures have none.
  if (r.prerendered) {
    section('3e. Prerendered pages (bench/run/prerendered.mjs): from their files, and their checks idle');
    prerenderedRows(r.prerendered, add);
  }
  if (r.warmStart) {
    section(`3f. A new instance (bench/run/warm-start.mjs, median of ${r.warmStart.warmedUp.runs.length})`);
    warmStartRows(r.warmStart, add);
  }
  // Runs from before issue 52 have none; a run without Chromium has null.
  if (r.lighthouse || r.clickDuringHydration) {
    section("3d. The browser's side (Lighthouse 12, mobile: simulated 4x CPU and slow 4G; median of runs)");
    if (r.lighthouse) lighthouseRows(r.lighthouse, add);
    if (r.clickDuringHydration) clickRows(r.clickDuringHydration, add);
  }
  buildAndMemoryRows(r, add, section);
  return out;
}

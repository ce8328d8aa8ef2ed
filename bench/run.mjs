// `npm run bench [-- --quick]`: performance of the production server against a bare node:http baseline
// that renders the same pages with the same data (bench/baseline/server.tsx), in one run:
//
//   1. build time: `node build.mjs`, median of 5 runs (3 with --quick); then build.mjs's build() writes the
//      same production build to bench/results/dist, a private copy that every server below runs from
//      (other people's builds rewrite dist/ at any time);
//   2. client JavaScript per route (bench/client-js.mjs);
//   3. SSR throughput and latency of the product page and /shop: our server with Sentry off, with Sentry on
//      (DSN = a local capture endpoint, SENTRY_TRACES_SAMPLE_RATE=0.1), and the baseline, each a separate
//      process on core 0, loaded by autocannon on core 1 (32 connections, 5 s × 5 rounds; --quick 2 s × 2),
//      interleaved round by round; peak RSS from /proc/<pid>/status. The product page also runs at 400
//      connections: at 32 it is bound by its 500 ms deferred value on both sides, not by the CPU;
//   3h. the storefront pair again with both servers loaded at once (bench/run/storefront-together.mjs):
//      ours against the baseline on /shop and the product page at 100 connections, in both start orders;
//   3e. the wrk pair (bench/run/wrk-pair.mjs): ours against a bare renderer on a product-like page and on the
//      light page, measured as an independent bench did (wrk -t1 -c32, a new process a side every round, 20 s
//      of warm-up, 10 s × 5 rounds; --quick 6 s, 2 s × 2), and again after only 5 s of warm-up; skipped
//      without wrk;
//   4. TTFB and time of the final byte of the product page, a shared page sent complete (median of N requests);
//   4b. what the database costs: the CPU of each page's data steps on the embedded engine, per request;
//   4c. caching: /shop and the product page through nginx with its page cache against without, and the CPU
//      of a 304 revalidation against a full render (bench/run/cache.mjs; skipped without nginx);
//   4d. cold start: a server's `listening` to /readyz 200 on a new DATA_DIR and on an existing one, and
//      where the time went (bench/run/cold-start.mjs, which also runs alone);
//   4f. prerendered pages: a help article and a category from nginx's and Node's files against rendered, and
//      what the checks of pages made from data cost an idle instance (bench/run/prerendered.mjs; skipped
//      without nginx); a new instance's first 5 s of traffic against its steady speed, with and without its
//      warm-up (bench/run/warm-start.mjs); both also run alone;
//   4e. the browser's side: Lighthouse's mobile audit of six storefront pages (bench/run/lighthouse.mjs) and a
//      tap during hydration at 4x CPU throttling (bench/run/click-during-hydration.mjs), against one server;
//   5. RSS of a fresh server after 10k and 100k requests of /shop (--quick: 2k and 20k): each the median of
//      100 ms samples over the second half of a stretch of load, since single readings swing with GC.
//
// Prints one table with PASS/MISS against the targets and writes bench/results/latest.json (the previous
// one becomes previous.json, and the table shows deltas against it). Every loop is bounded, everything runs
// on 127.0.0.1, and every child process is killed at the end, on error and on Ctrl-C.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { analyzeClientJs } from './client-js.mjs';
import { hasWrk } from './lib/wrk.mjs';
import {
  BENCH_LOG_LEVEL,
  buildBaseline,
  buildLightPair,
  buildProductLikePair,
  LIGHT_PATH,
  median,
  PRODUCT_PATH,
  pinning,
  ROOT,
  readMemory,
  runBuild,
  runMain,
  SHOP_PATH,
  SNAPSHOT_DIR,
  snapshotBuild,
  startSentryCapture,
  startServer,
  stopChild,
} from './lib.mjs';
import { save } from './report.mjs';
import { measureCaching } from './run/cache.mjs';
import { measureClickDuringHydration } from './run/click-during-hydration.mjs';
import { measureColdStart } from './run/cold-start.mjs';
import { measureDatabaseCost } from './run/database-cost.mjs';
import { lightServerOptions, measureLightPair } from './run/light.mjs';
import { measureLighthouse } from './run/lighthouse.mjs';
import { measureMemory } from './run/memory.mjs';
import { measurePrerendered } from './run/prerendered.mjs';
import { CONNECTIONS, SATURATING_CONNECTIONS, SETTINGS } from './run/settings.mjs';
import { measureStorefrontTogether } from './run/storefront-together.mjs';
import { runRounds, summarizeRuns } from './run/throughput.mjs';
import { measureTtfb } from './run/ttfb.mjs';
import { measureNavigationData, verify } from './run/verify.mjs';
import { measureWarmStart } from './run/warm-start.mjs';
import { measureWrkPair } from './run/wrk-pair.mjs';

const started = performance.now();
const log = (message) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

const pin = pinning();
const results = {
  date: new Date().toISOString(),
  mode: SETTINGS.mode,
  settings: { ...SETTINGS, connections: CONNECTIONS },
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    node: process.version,
    loadAverageAtStart: os.loadavg(),
  },
  pinning: pin.note,
  logLevel: BENCH_LOG_LEVEL,
  sentry: 'SENTRY_DSN = local capture endpoint (POST /api/1/envelope/ → 200), SENTRY_TRACES_SAMPLE_RATE=0.1',
  notes: [],
};

async function main() {
  log(`${SETTINGS.mode} run; ${pin.note}`);
  const manifest = await measureBuild();
  // 2. Client JavaScript.
  results.clientJs = await analyzeClientJs(ROOT, SNAPSHOT_DIR);
  if (!results.clientJs.replicaMatchesDist)
    results.notes.push(
      `client-js: the metafile replica differs from dist/client for ${results.clientJs.replicaMismatches.join(', ')} (build.mjs options changed?): runtime attribution is approximate`,
    );
  log('client JavaScript measured');
  // 4d. Cold start, each server alone on core 0.
  results.coldStart = await measureColdStart({ runs: SETTINGS.coldStartRuns, pin, log });
  // From here on this process (TTFB client, Sentry capture) shares core 1 with autocannon.
  pin.pinSelf(1);
  const capture = await startSentryCapture();
  await measureServers(manifest, capture);
  // 3h. The storefront pair again, both servers loaded at once, in both start orders.
  results.storefrontTogether = await measureStorefrontTogether(pin, SETTINGS, log);
  // 3b. The light page against a truly bare renderer, with production defaults.
  results.light = await measureLightPair(pin, capture.dsn, SETTINGS, log);
  // 3e. Both pages as the independent bench measured them, where its numbers and the light pair's part.
  if (hasWrk()) results.wrkPair = await measureWrkPair(pin, SETTINGS.wrk, log);
  else results.notes.push('wrk pair: skipped, wrk not found on PATH (Debian: apt-get install wrk)');
  results.sentryCapture = { ...capture.stats };
  await capture.close();
  // 3c. What caching buys: nginx's page cache against none, and a 304 against a full render.
  results.caching = await measureCaching(pin, SETTINGS, log);
  // 3f. Prerendered pages from their files (nginx's, Node's) against rendered, and their checks' idle cost.
  results.prerendered = await measurePrerendered(pin, SETTINGS.prerendered, log);
  // 4f. A new instance's first seconds of traffic against its steady speed, with and without its warm-up.
  results.warmStart = await measureWarmStart(pin, SETTINGS.warmStart, log);
  await measureBrowserSide();
  // 5. Memory under load, on a fresh server.
  results.memory = await measureMemory(pin, SETTINGS.memory, log);
  results.lightMemory = await measureMemory(pin, SETTINGS.memory, log, {
    route: LIGHT_PATH,
    server: lightServerOptions(),
  });
  results.machine.loadAverageAtEnd = os.loadavg();
  results.durationS = Math.round((performance.now() - started) / 1000);
  await save(results);
}

/** 1. Build time (unpinned, nothing else of ours running), then the snapshot the servers run from. */
async function measureBuild() {
  const builds = [];
  for (let run = 1; run <= SETTINGS.buildRuns; run++) {
    builds.push(await runBuild());
    log(`node build.mjs #${run}: ${Math.round(builds.at(-1).wallMs)} ms wall`);
  }
  results.build = {
    runs: builds.map((build) => Math.round(build.wallMs)),
    medianWallMs: Math.round(median(builds.map((build) => build.wallMs))),
    medianReportedMs: Math.round(median(builds.map((build) => build.reportedMs))),
  };
  const snapshot = await snapshotBuild();
  await buildBaseline();
  await buildLightPair();
  await buildProductLikePair();
  const manifest = JSON.parse(await readFile(path.join(SNAPSHOT_DIR, 'manifest.json'), 'utf8'));
  results.buildId = manifest.buildId;
  results.snapshot = snapshot.method;
  log(`snapshot ${manifest.buildId} (${snapshot.method}); baseline bundled`);
  return manifest;
}

/** 4e. Lighthouse's audit of the storefront's pages and a tap during hydration, against one server. */
async function measureBrowserSide() {
  const server = await startServer('ours', { pin });
  try {
    results.lighthouse = await measureLighthouse(server.origin, { runs: SETTINGS.lighthouseRuns });
    log('Lighthouse measured');
    results.clickDuringHydration = await measureClickDuringHydration(server.origin, SETTINGS.clickLoads);
    log('tap during hydration measured');
  } finally {
    await stopChild(server.child);
  }
}

/** 3. Throughput and latency, and 4. TTFB of the complete shared product page: ours, ours with Sentry, the baseline. */
async function measureServers(manifest, capture) {
  const servers = {
    ours: await startServer('ours', { pin }),
    oursSentry: await startServer('ours', { pin, sentryDsn: capture.dsn }),
    baseline: await startServer('baseline', { pin }),
  };
  log(
    `servers up: ours ${servers.ours.pid}, ours+Sentry ${servers.oursSentry.pid}, baseline ${servers.baseline.pid}`,
  );
  results.verification = await verify(servers, manifest);
  for (const [name, check] of Object.entries(results.verification)) {
    if (!check.ok) throw new Error(`${name} failed verification: ${check.problems.join('; ')}`);
  }
  log('responses verified');
  results.navigationData = await measureNavigationData(servers.ours, manifest);
  // At 32 connections the product page is bound by its 500 ms deferred value (32 / 0.5 s = 64 req/s on
  // either side), so it also runs at SATURATING_CONNECTIONS, where the CPU is the limit.
  const routes = {
    product: { url: PRODUCT_PATH, connections: CONNECTIONS },
    shop: { url: SHOP_PATH, connections: CONNECTIONS },
    productSaturated: { url: PRODUCT_PATH, connections: SATURATING_CONNECTIONS },
  };
  results.throughput = summarizeRuns(await runRounds(pin, servers, routes, SETTINGS, log));
  results.peakRss = Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [name, readMemory(server.pid)?.hwm]),
  );
  results.ttfb = await measureTtfb(servers);
  log('TTFB measured');
  results.databaseCost = await measureDatabaseCost(servers.baseline, SETTINGS.databaseCostRuns);
  log('database cost measured');
  await Promise.all(Object.values(servers).map((server) => stopChild(server.child)));
}

// Last, so that every helper above is initialised.
await runMain('bench', main);

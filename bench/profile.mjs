// Where our server's time goes, against the baseline: each server runs under `node --cpu-prof` (on core 0)
// while autocannon (core 1) loads it for 10 s after the bench's warm-up (run/settings.mjs); only the samples
// of the measured 10 s are summarised (bench/cpuprofile-summary.mjs), per function and per package, also
// as CPU µs per request.
// Usage: node bench/profile.mjs [--light | --product-like] [--path /shop] [--connections 32] [--seconds 10] [--rebuild]
//   [--traces-sample-rate 0.1] (ours+Sentry's rate; 0.1 is the default, as in production and `npm run bench`)
// Runs from the build snapshot of the last `npm run bench` (bench/results/dist); builds it when missing.
// `--light`: the light pair instead (bench/light/ on our runtime at LOG_LEVEL=info, and the bare renderer).
// `--product-like`: the wrk pair's product-like page (bench/product-like/ on our runtime as `npm start` runs it,
// at LOG_LEVEL=info, and its bare renderer).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatSummary, summarize } from './cpuprofile-summary.mjs';
import {
  BARE_SERVER_BUNDLE,
  BASELINE_BUNDLE,
  buildBaseline,
  buildLightPair,
  buildProductLikePair,
  cliOption,
  LIGHT_DIST,
  LIGHT_PATH,
  npmStartDefaults,
  PRODUCT_LIKE_BARE_SERVER,
  PRODUCT_LIKE_DIST,
  PRODUCT_LIKE_PATH,
  pinning,
  RESULTS_DIR,
  readMainThreadCpuTimeUs,
  runLoad,
  runMain,
  SHOP_PATH,
  SNAPSHOT_DIR,
  snapshotBuild,
  startSentryCapture,
  startServer,
  stopChild,
} from './lib.mjs';
import { SETTINGS } from './run/settings.mjs';
import { WRK_PAGES } from './run/wrk-pages.mjs';

const PRODUCT_LIKE = process.argv.includes('--product-like');
/** A pair of a page on our runtime as `npm start` runs it (at info) and its bare renderer, or none. */
const PAIR = PRODUCT_LIKE
  ? { distDir: PRODUCT_LIKE_DIST, bare: WRK_PAGES.productLike.bare, path: PRODUCT_LIKE_PATH }
  : process.argv.includes('--light')
    ? { distDir: LIGHT_DIST, bare: undefined, path: LIGHT_PATH }
    : null;
const urlPath = cliOption('--path', PAIR ? PAIR.path : SHOP_PATH);
const connections = Number(cliOption('--connections', '32'));
const seconds = Number(cliOption('--seconds', '10'));
const tracesSampleRate = cliOption('--traces-sample-rate', '0.1');
const PROFILE_DIR = path.join(RESULTS_DIR, 'profiles');

const pin = pinning();

/** Monotonic microseconds, the clock of the .cpuprofile's timestamps. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function profileServer(name, kind, sentryDsn) {
  const dir = path.join(PROFILE_DIR, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // A pair's ours runs as `npm start` runs it (its flags and environment defaults), at LOG_LEVEL=info.
  const production = npmStartDefaults();
  const oursOfPair = PAIR && kind === 'ours';
  const pairOptions = oursOfPair
    ? { distDir: PAIR.distDir, env: { ...production.env, LOG_LEVEL: 'info' } }
    : {};
  const sampling = sentryDsn ? { SENTRY_TRACES_SAMPLE_RATE: tracesSampleRate } : {};
  const nodeArgs = [...(oursOfPair ? production.nodeArgs : []), '--cpu-prof', '--cpu-prof-dir', dir];
  const server = await startServer(PAIR && kind === 'baseline' ? 'bare' : kind, {
    pin,
    sentryDsn,
    nodeArgs,
    ...pairOptions,
    ...(PAIR?.bare ? { bare: PAIR.bare } : {}),
    env: { ...pairOptions.env, ...sampling },
  });
  const url = `${server.origin}${urlPath}`;
  await runLoad(pin, { url, connections, duration: SETTINGS.warmupS });
  const cpuBefore = readMainThreadCpuTimeUs(server.pid);
  const fromUs = nowUs();
  const load = await runLoad(pin, { url, connections, duration: seconds });
  const toUs = nowUs();
  const mainThreadCpuUs = readMainThreadCpuTimeUs(server.pid) - cpuBefore;
  await stopChild(server.child, 15_000);
  const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${name}: no .cpuprofile written in ${dir}:\n${server.child.output}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const summary = summarize(profile, { fromUs, toUs });
  // The samples count wall time: on a loaded machine, also the time the thread waited for the core. Their
  // shares of the main thread's CPU time are what each part costs.
  const cpuUsPerRequest = mainThreadCpuUs / load.requests;
  return {
    name,
    file: path.relative(process.cwd(), path.join(dir, file)),
    load,
    summary,
    window: { fromUs, toUs },
    cpuUsPerRequest,
  };
}

async function main() {
  const rebuild = process.argv.includes('--rebuild');
  if (!PAIR && (rebuild || !existsSync(path.join(SNAPSHOT_DIR, 'server', 'index.mjs')))) {
    console.log('building the snapshot (bench/results/dist)');
    await snapshotBuild();
  }
  if (!PAIR && (rebuild || !existsSync(BASELINE_BUNDLE))) await buildBaseline();
  if (PAIR && !PRODUCT_LIKE && (rebuild || !existsSync(BARE_SERVER_BUNDLE))) await buildLightPair();
  if (PRODUCT_LIKE && (rebuild || !existsSync(PRODUCT_LIKE_BARE_SERVER))) await buildProductLikePair();
  pin.pinSelf(1);
  const capture = await startSentryCapture();
  console.log(
    `profiling ${urlPath} at ${connections} connections for ${seconds} s per server (${pin.note}); ours at LOG_LEVEL=${PAIR ? 'info' : 'warn'}, ours+Sentry at traces sample rate ${tracesSampleRate}`,
  );
  const results = [];
  for (const [name, kind, dsn] of [
    ['ours', 'ours', undefined],
    ['baseline', 'baseline', undefined],
    ['oursSentry', 'ours', capture.dsn],
  ]) {
    const result = await profileServer(name, kind, dsn);
    results.push(result);
    console.log(
      `\n==== ${name}: ${result.load.requestsPerSecond.toFixed(0)} req/s, ${result.load.requests} requests (${result.file})${result.summary.windowed ? '' : ' [whole profile: the load window matched no samples]'}`,
    );
    console.log(
      `main thread's CPU: ${result.cpuUsPerRequest.toFixed(0)} µs per request (the samples' busy time: ${((result.summary.busyMs * 1000) / result.load.requests).toFixed(0)})`,
    );
    console.log(formatSummary(result.summary, { top: 15, requests: result.load.requests }));
  }
  await capture.close();

  printSideBySide(results);
  await writeFile(
    path.join(RESULTS_DIR, 'profile.json'),
    `${JSON.stringify(
      results.map((result) => ({
        name: result.name,
        file: result.file,
        window: result.window,
        requests: result.load.requests,
        requestsPerSecond: result.load.requestsPerSecond,
        mainThreadCpuUsPerRequest: result.cpuUsPerRequest,
        busyMs: result.summary.busyMs,
        idleMs: result.summary.idleMs,
        groups: result.summary.groups,
        functions: result.summary.functions.slice(0, 50),
      })),
      null,
      2,
    )}\n`,
  );
  console.log(`\nJSON: ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'profile.json'))}`);
}

/**
 * Side by side: CPU µs per request by package/module, ours first: each group's share of the samples' busy time
 * times the main thread's CPU time per request.
 */
function printSideBySide(results) {
  const perRequest = (result, group) => {
    const entry = result.summary.groups.find((candidate) => candidate.group === group);
    return entry ? entry.share * result.cpuUsPerRequest : 0;
  };
  const groups = [
    ...new Set(results.flatMap((result) => result.summary.groups.slice(0, 20).map((g) => g.group))),
  ];
  groups.sort((a, b) => perRequest(results[0], b) - perRequest(results[0], a));
  console.log(
    "\n==== CPU µs per request by package/module, shares of the main thread's CPU (ours | baseline | ours+Sentry)",
  );
  const row = (label, values) =>
    console.log(`  ${label.padEnd(40)} ${values.map((value) => value.toFixed(0).padStart(7)).join(' | ')}`);
  row(
    "main thread's CPU",
    results.map((result) => result.cpuUsPerRequest),
  );
  for (const group of groups)
    row(
      group,
      results.map((result) => perRequest(result, group)),
    );
}

// Last, so that every helper above is initialised.
await runMain('profile', main);

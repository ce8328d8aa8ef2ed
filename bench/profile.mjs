// Where our server's time goes, against the baseline: each server runs under `node --cpu-prof` (on core 0)
// while autocannon (core 1) loads it for 10 s after the bench's warm-up (run/settings.mjs); only the samples
// of the measured 10 s are summarised (bench/cpuprofile-summary.mjs), per function and per package, also
// as CPU µs per request.
// Usage: node bench/profile.mjs [--light] [--path /shop] [--connections 32] [--seconds 10] [--rebuild]
//   [--traces-sample-rate 0.1] (ours+Sentry's rate; 0.1 is the default, as in production and `npm run bench`)
// Runs from the build snapshot of the last `npm run bench` (bench/results/dist); builds it when missing.
// `--light`: the light pair instead (bench/light/ on our runtime at LOG_LEVEL=info, and the bare renderer).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatSummary, summarize } from './cpuprofile-summary.mjs';
import {
  BARE_SERVER_BUNDLE,
  BASELINE_BUNDLE,
  buildBaseline,
  buildLightPair,
  cliOption,
  LIGHT_DIST,
  LIGHT_PATH,
  npmStartDefaults,
  pinning,
  RESULTS_DIR,
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

const LIGHT = process.argv.includes('--light');
const urlPath = cliOption('--path', LIGHT ? LIGHT_PATH : SHOP_PATH);
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
  // The light pair's ours runs as `npm start` runs it (its flags and environment defaults), at LOG_LEVEL=info.
  const production = npmStartDefaults();
  const oursLight = LIGHT && kind === 'ours';
  const light = oursLight ? { distDir: LIGHT_DIST, env: { ...production.env, LOG_LEVEL: 'info' } } : {};
  const sampling = sentryDsn ? { SENTRY_TRACES_SAMPLE_RATE: tracesSampleRate } : {};
  const nodeArgs = [...(oursLight ? production.nodeArgs : []), '--cpu-prof', '--cpu-prof-dir', dir];
  const server = await startServer(LIGHT && kind === 'baseline' ? 'bare' : kind, {
    pin,
    sentryDsn,
    nodeArgs,
    ...light,
    env: { ...light.env, ...sampling },
  });
  const url = `${server.origin}${urlPath}`;
  await runLoad(pin, { url, connections, duration: SETTINGS.warmupS });
  const fromUs = nowUs();
  const load = await runLoad(pin, { url, connections, duration: seconds });
  const toUs = nowUs();
  await stopChild(server.child, 15_000);
  const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${name}: no .cpuprofile written in ${dir}:\n${server.child.output}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const summary = summarize(profile, { fromUs, toUs });
  return { name, file: path.relative(process.cwd(), path.join(dir, file)), load, summary };
}

async function main() {
  if (process.argv.includes('--rebuild') || !existsSync(path.join(SNAPSHOT_DIR, 'server', 'index.mjs'))) {
    console.log('building the snapshot (bench/results/dist)');
    await snapshotBuild();
  }
  if (process.argv.includes('--rebuild') || !existsSync(BASELINE_BUNDLE)) await buildBaseline();
  if (LIGHT && (process.argv.includes('--rebuild') || !existsSync(BARE_SERVER_BUNDLE)))
    await buildLightPair();
  pin.pinSelf(1);
  const capture = await startSentryCapture();
  console.log(
    `profiling ${urlPath} at ${connections} connections for ${seconds} s per server (${pin.note}); ours at LOG_LEVEL=${LIGHT ? 'info' : 'warn'}, ours+Sentry at traces sample rate ${tracesSampleRate}`,
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
        requests: result.load.requests,
        requestsPerSecond: result.load.requestsPerSecond,
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

/** Side by side: CPU µs per request by package/module, ours first. */
function printSideBySide(results) {
  const perRequest = (result, group) => {
    const entry = result.summary.groups.find((candidate) => candidate.group === group);
    return entry ? (entry.ms * 1000) / result.load.requests : 0;
  };
  const groups = [
    ...new Set(results.flatMap((result) => result.summary.groups.slice(0, 20).map((g) => g.group))),
  ];
  groups.sort((a, b) => perRequest(results[0], b) - perRequest(results[0], a));
  console.log('\n==== CPU µs per request by package/module (ours | baseline | ours+Sentry)');
  const total = (result) => (result.summary.busyMs * 1000) / result.load.requests;
  console.log(
    `  ${'total busy'.padEnd(40)} ${total(results[0]).toFixed(0).padStart(7)} | ${total(results[1]).toFixed(0).padStart(7)} | ${total(results[2]).toFixed(0).padStart(7)}`,
  );
  for (const group of groups) {
    console.log(
      `  ${group.padEnd(40)} ${results.map((result) => perRequest(result, group).toFixed(0).padStart(7)).join(' | ')}`,
    );
  }
}

// Last, so that every helper above is initialised.
await runMain('profile', main);

// A new instance's first seconds of traffic: the storefront's server is started, and as soon as /readyz says
// 200 it is loaded for FIRST_TRAFFIC_S; then the same process is loaded for `steadyWarmupS` more and measured
// again for FIRST_TRAFFIC_S, its steady speed. Their ratio is how fast a new instance is when a release hands it
// its share of visitors, with the warm-up before /readyz (WARM_UP_MS, the default) and without (WARM_UP_MS=0).
// New processes every round, the two kinds alternating which goes first; server on core 0, autocannon on core 1.
// `node bench/run/warm-start.mjs [--quick] [--rounds N]` runs this part alone, over dist/ (built if needed).
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  buildDistIfNeeded,
  cliOption,
  median,
  pinning,
  readCpuTimeUs,
  runLoad,
  runMain,
  SHOP_PATH,
  SNAPSHOT_DIR,
  startServer,
  stopChild,
} from '../lib.mjs';
import { CONNECTIONS, SETTINGS } from './settings.mjs';

/** The first stretch of traffic the target is about, and the length of the steady reading. */
export const FIRST_TRAFFIC_S = 5;

/** The two kinds of start compared: the environment each server gets. */
const STARTS = { warmedUp: {}, notWarmedUp: { WARM_UP_MS: '0' } };

/** A page whose every request costs a render, CPU-bound at the bench's connections (the product page waits on its deferred value). */
const LOAD = { url: SHOP_PATH, connections: CONNECTIONS };

/** One process: its first FIRST_TRAFFIC_S after /readyz, then its steady speed after `steadyWarmupS` more. */
async function measureProcess(pin, env, { steadyWarmupS, distDir }) {
  const server = await startServer('ours', { pin, distDir, env });
  try {
    const load = (duration) =>
      runLoad(pin, { url: `${server.origin}${LOAD.url}`, connections: LOAD.connections, duration });
    const cpuAtReady = readCpuTimeUs(server.pid);
    const first = await load(FIRST_TRAFFIC_S);
    const cpuAfterFirst = readCpuTimeUs(server.pid);
    await load(steadyWarmupS);
    const cpuBeforeSteady = readCpuTimeUs(server.pid);
    const steady = await load(FIRST_TRAFFIC_S);
    const cpuAfterSteady = readCpuTimeUs(server.pid);
    // CPU per request does not move with what else the machine runs, where req/s does.
    const firstCpuUs = (cpuAfterFirst - cpuAtReady) / first.requests;
    const steadyCpuUs = (cpuAfterSteady - cpuBeforeSteady) / steady.requests;
    const valid = [first, steady].every((run) => run.non2xx === 0 && run.errors === 0 && run.requests > 0);
    return {
      valid,
      firstRequestsPerSecond: first.requestsPerSecond,
      steadyRequestsPerSecond: steady.requestsPerSecond,
      ratio: first.requestsPerSecond / steady.requestsPerSecond,
      firstCpuUsPerRequest: firstCpuUs,
      steadyCpuUsPerRequest: steadyCpuUs,
      cpuRatio: steadyCpuUs / firstCpuUs,
      firstP99Ms: first.latencyMs.p99,
      cpuMsToReady: cpuAtReady === null ? null : Math.round(cpuAtReady / 1000),
    };
  } finally {
    await stopChild(server.child);
  }
}

/**
 * `rounds` new processes of each kind, alternating which goes first. Resolves with each kind's runs and the
 * median of their ratios (first FIRST_TRAFFIC_S after /readyz ÷ steady req/s).
 */
export async function measureWarmStart(pin, { rounds, steadyWarmupS, distDir = SNAPSHOT_DIR }, log) {
  const runs = Object.fromEntries(Object.keys(STARTS).map((kind) => [kind, []]));
  for (let round = 0; round < rounds; round++) {
    const kinds = Object.keys(STARTS);
    if (round % 2 === 1) kinds.reverse();
    for (const kind of kinds) {
      const run = await measureProcess(pin, STARTS[kind], { steadyWarmupS, distDir });
      runs[kind].push(run);
      log(
        `warm start ${kind.padEnd(11)} first ${FIRST_TRAFFIC_S} s ${run.firstRequestsPerSecond.toFixed(0)} req/s, steady ${run.steadyRequestsPerSecond.toFixed(0)}: ${run.ratio.toFixed(2)}; CPU/request ${run.firstCpuUsPerRequest.toFixed(0)} µs, steady ${run.steadyCpuUsPerRequest.toFixed(0)}: ${run.cpuRatio.toFixed(2)}${run.valid ? '' : ' INVALID'}`,
      );
    }
  }
  const summary = (kindRuns) => {
    const valid = kindRuns.filter((run) => run.valid);
    return {
      runs: kindRuns,
      ratio: median(valid.map((run) => run.ratio)),
      cpuRatio: median(valid.map((run) => run.cpuRatio)),
      firstRequestsPerSecond: median(valid.map((run) => run.firstRequestsPerSecond)),
      steadyRequestsPerSecond: median(valid.map((run) => run.steadyRequestsPerSecond)),
      validRuns: valid.length,
    };
  };
  return {
    path: LOAD.url,
    connections: LOAD.connections,
    firstTrafficS: FIRST_TRAFFIC_S,
    steadyWarmupS,
    warmedUp: summary(runs.warmedUp),
    notWarmedUp: summary(runs.notWarmedUp),
    loadAverage: os.loadavg(),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  await runMain('warm start', async () => {
    const distDir = await buildDistIfNeeded();
    const pin = pinning();
    pin.pinSelf(1);
    const settings = {
      ...SETTINGS.warmStart,
      rounds: Number(cliOption('--rounds', SETTINGS.warmStart.rounds)),
      distDir,
    };
    const result = await measureWarmStart(pin, settings, console.log);
    console.log(JSON.stringify(result, null, 2));
  });
}

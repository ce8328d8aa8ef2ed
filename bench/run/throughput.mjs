// SSR throughput and latency: every server loads every route in interleaved rounds (A B C, then B C A...),
// each run measured for req/s, latency, CPU time per request and peak RSS.
import { median, pollRss, readCpuTimeUs, runLoad } from '../lib.mjs';

/**
 * The rounds; returns every run by `server:route`. Each server is warmed on each route for `warmupS` right
 * before its first measured run there, not all up front: a process left idle for the minutes the others'
 * warm-ups take loses much of its warmth (V8 likely drops code that has not run for a while), and its first round
 * then measured the climb back (the light page: ours 421 req/s in round 1, 510-572 in rounds 2 to 5; bare
 * 711, then 718-745).
 */
export async function runRounds(pin, servers, routes, { rounds, durationS, warmupS }, log) {
  const serverNames = Object.keys(servers);
  const runs = {};
  for (let round = 0; round < rounds; round++) {
    for (const [routeId, { url, connections }] of Object.entries(routes)) {
      // The servers take every position in turn.
      const order = serverNames.map((_, index) => serverNames[(index + round) % serverNames.length]);
      for (const name of order) {
        const origin = servers[name].origin;
        if (round === 0) await runLoad(pin, { url: `${origin}${url}`, connections, duration: warmupS });
        const result = await measureRun(pin, servers[name], { url, connections, durationS });
        result.round = round + 1;
        const key = `${name}:${routeId}`;
        runs[key] = [...(runs[key] ?? []), result];
        log(
          `round ${round + 1} ${routeId.padEnd(16)} ${name.padEnd(10)} ${result.requestsPerSecond.toFixed(0).padStart(5)} req/s  p50 ${result.latencyMs.p50} ms  p99 ${result.latencyMs.p99} ms${result.valid ? '' : '  INVALID (errors/non-2xx)'}`,
        );
      }
    }
  }
  return runs;
}

/** One load run against one server, with the server's CPU time per request and peak RSS during it. */
async function measureRun(pin, server, { url, connections, durationS }) {
  const stopPolling = pollRss(server.pid);
  const cpuBefore = readCpuTimeUs(server.pid);
  const result = await runLoad(pin, { url: `${server.origin}${url}`, connections, duration: durationS });
  const cpuAfter = readCpuTimeUs(server.pid);
  result.cpuUsPerRequest =
    cpuBefore !== null && cpuAfter !== null && result.requests > 0
      ? (cpuAfter - cpuBefore) / result.requests
      : null;
  result.peakRss = stopPolling();
  result.valid = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
  return result;
}

/** Per route and server: medians of the valid runs, the peak RSS, and every round for the record. */
export function summarizeRuns(runs) {
  const throughput = {};
  for (const [key, list] of Object.entries(runs)) {
    const [name, routeId] = key.split(':');
    const valid = list.filter((run) => run.valid);
    throughput[routeId] = throughput[routeId] ?? {};
    throughput[routeId][name] = {
      validRuns: valid.length,
      runs: list.length,
      requestsPerSecond: median(valid.map((run) => run.requestsPerSecond)),
      p50Ms: median(valid.map((run) => run.latencyMs.p50)),
      p99Ms: median(valid.map((run) => run.latencyMs.p99)),
      cpuUsPerRequest: median(valid.map((run) => run.cpuUsPerRequest)),
      peakRss: Math.max(...list.map((run) => run.peakRss)),
      perRound: list.map((run) => ({
        round: run.round,
        process: run.process,
        requestsPerSecond: run.requestsPerSecond,
        cpuUsPerRequest: run.cpuUsPerRequest,
        p50: run.latencyMs.p50,
        p99: run.latencyMs.p99,
        valid: run.valid,
      })),
    };
  }
  return throughput;
}

// Two servers loaded at the same moment: both pinned to core 0, each by its own autocannon process on core
// 1, round after round. Each round gives both servers' CPU time per request under the same conditions, so
// the shared machine's drift cancels in their ratio. Sequential rounds cannot do that here: the machine's
// speed moved by 25 to 40% within minutes, and one full run read `/shop` with Sentry on cheaper than with
// it off. bench/side-by-side.mjs compares two builds this way; `npm run bench` measures the storefront pair
// this way as well as in its sequential rounds.
import path from 'node:path';
import { BROWSER_UA, median, readCpuTimeUs, spawnTracked, stopChild } from '../lib.mjs';

/** An autocannon process of its own (bench/load.mjs) asking as a browser, so the two loads run at once; `close` ends it. */
function startLoadWorker(pin) {
  const [command, commandArgs] = pin.node(1, [path.join(import.meta.dirname, '..', 'load.mjs')]);
  const worker = spawnTracked(command, commandArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
  let buffer = '';
  let pending = null;
  worker.stdout.on('data', (chunk) => {
    buffer += chunk;
    const newline = buffer.indexOf('\n');
    if (newline === -1 || !pending) return;
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    const { resolve, reject } = pending;
    pending = null;
    const result = JSON.parse(line);
    if (result.error) reject(new Error(`autocannon failed: ${result.error}`));
    else resolve(result);
  });
  worker.exited.then(() => pending?.reject(new Error(`autocannon exited: ${worker.output.slice(-500)}`)));
  const load = (job) =>
    new Promise((resolve, reject) => {
      pending = { resolve, reject };
      worker.stdin.write(`${JSON.stringify({ ...job, headers: { 'user-agent': BROWSER_UA } })}\n`);
    });
  load.close = () => stopChild(worker);
  return load;
}

/**
 * Loads both servers at once on `url`: `warmupS` (none when 0), then `rounds` of `durationS`. Returns each server's CPU
 * time per request and requests by round, and each round's ratio of the second's CPU per request to the
 * first's (the first's throughput relative to the second's once the CPU is the limit).
 */
export async function loadTogether(pin, servers, { url, connections, rounds, durationS, warmupS }) {
  const loads = servers.map(() => startLoadWorker(pin));
  const loadBoth = (duration) =>
    Promise.all(
      servers.map((server, index) => loads[index]({ url: `${server.origin}${url}`, connections, duration })),
    );
  try {
    if (warmupS > 0) await loadBoth(warmupS);
    const perRequest = servers.map(() => []);
    const requests = servers.map(() => []);
    const ratios = [];
    for (let round = 0; round < rounds; round++) {
      const before = servers.map((server) => readCpuTimeUs(server.pid));
      const results = await loadBoth(durationS);
      const idle = results.findIndex((result) => result.requests === 0);
      if (idle !== -1)
        throw new Error(`${url}: ${servers[idle].origin} answered no request in ${durationS} s`);
      const us = servers.map(
        (server, index) => (readCpuTimeUs(server.pid) - before[index]) / results[index].requests,
      );
      for (const [index, value] of us.entries()) {
        perRequest[index].push(value);
        requests[index].push(results[index].requests);
      }
      ratios.push(us[1] / us[0]);
    }
    return { perRequest, requests, ratios };
  } finally {
    await Promise.all(loads.map((load) => load.close()));
  }
}

/**
 * `a` against `b` loaded together, in both start orders (new processes for each: the side started first
 * reads a few percent dearer), each order's median ratio and their geometric mean: a's throughput relative
 * to b's once the CPU is the limit, which is b's CPU per request over a's. `start(side)` starts one side's
 * server.
 */
export async function measureBothOrders(pin, { a, b, start }, route, log) {
  const orders = [];
  for (const [first, second] of [
    [a, b],
    [b, a],
  ]) {
    const servers = [await start(first), await start(second)];
    try {
      const { perRequest, ratios } = await loadTogether(pin, servers, route);
      const ratioOfFirst = median(ratios);
      const ratio = first === a ? ratioOfFirst : 1 / ratioOfFirst;
      orders.push({
        first,
        ratio,
        cpuUsPerRequest: { [first]: median(perRequest[0]), [second]: median(perRequest[1]) },
        rounds: ratios.map((value) => (first === a ? value : 1 / value)),
      });
      log(
        `${route.url} @${route.connections}: ${a} against ${b}, ${first} started first: ${ratio.toFixed(3)}`,
      );
    } finally {
      await Promise.all(servers.map((server) => stopChild(server.child)));
    }
  }
  return { ratio: Math.sqrt(orders[0].ratio * orders[1].ratio), orders };
}

// RSS of a fresh server under a long stretch of load: a plateau passes, a steady climb is a leak.
import { readMemory, runLoad, SHOP_PATH, sampleRss, startServer, stopChild } from '../lib.mjs';
import { CONNECTIONS } from './settings.mjs';

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `[first, second]`: request counts at which RSS is read; the rest of the way is read in four parts.
 * `route`: the page loaded (/shop by default); `server`: startServer's options for ours (the snapshot).
 */
export async function measureMemory(pin, [first, second], log, { route = SHOP_PATH, server = {} } = {}) {
  const fresh = await startServer('ours', { pin, ...server });
  const loadStretch = (amount) => loadRoute(pin, fresh, route, amount);
  try {
    const memory = { route, connections: CONNECTIONS, atStart: readMemory(fresh.pid)?.rss };
    const firstRun = await loadStretch(first);
    memory[`after${first}`] = firstRun.rss;
    log(
      `memory ${route}: ${first} requests (${firstRun.requestsPerSecond.toFixed(0)} req/s), RSS ${mb(firstRun.rss)}`,
    );
    // A plateau and a steady climb look alike at the end alone.
    memory.trend = [{ requests: first, rss: firstRun.rss }];
    let errors = firstRun.errors;
    for (let part = 1; part <= 4; part++) {
      const done = first + Math.round(((second - first) * part) / 4);
      const run = await loadStretch(done - memory.trend.at(-1).requests);
      errors += run.errors;
      memory.trend.push({ requests: done, rss: run.rss });
    }
    memory[`after${second}`] = memory.trend.at(-1).rss;
    memory.peak = readMemory(fresh.pid)?.hwm;
    Object.assign(memory, { first, second, growth: memory[`after${second}`] / memory[`after${first}`] });
    // Over the second half only (warm-up growth of the heap aside): a leak keeps climbing here too.
    memory.secondHalfGrowth = memory.trend[4].rss / memory.trend[2].rss;
    memory.errors = errors;
    log(`memory ${route}: ${second} requests, RSS ${mb(memory[`after${second}`])}`);
    return memory;
  } finally {
    await stopChild(fresh.child);
  }
}

/**
 * `amount` requests of `route`; RSS is the median over the second half of the stretch (sampleRss): single
 * readings swing by tens of MB with the garbage collector's cycle.
 */
async function loadRoute(pin, server, route, amount) {
  const sampler = sampleRss(server.pid);
  const run = await runLoad(pin, { url: `${server.origin}${route}`, connections: CONNECTIONS, amount });
  return { rss: sampler(), requestsPerSecond: run.requestsPerSecond, errors: run.errors + run.non2xx };
}

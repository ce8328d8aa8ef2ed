// The light pair: the light page (bench/light/) served through our runtime exactly as a user's app is, with
// production defaults (request log at info into a pipe, security headers, compression negotiation, route
// tree, cookies; Sentry off, and on at the default sample rate 0.1), against the bare renderer that shares
// none of our code. Interleaved rounds, like the storefront pair.
import {
  fetchText,
  LIGHT_DIST,
  LIGHT_PATH,
  npmStartDefaults,
  readMemory,
  startServer,
  stopChild,
} from '../lib.mjs';
import { measureHydration } from './hydration.mjs';
import { CONNECTIONS } from './settings.mjs';
import { runRounds, summarizeRuns } from './throughput.mjs';

/** How ours serves the light page: as `npm start` runs it (its node flags and environment defaults), at info. */
export function lightServerOptions() {
  const { nodeArgs, env } = npmStartDefaults();
  return { distDir: LIGHT_DIST, nodeArgs, env: { ...env, LOG_LEVEL: 'info' } };
}

/**
 * Each side runs in three processes, its runs pooled: one process's steady cost differs from the next start's
 * of the same build (A/A runs of the Sentry-on server read 0.90, 1.10 and 1.05 of each other; ±4% without
 * Sentry; V8 inlines React's hot writes differently from one start to the next), so a side measured in one
 * process is as much that start's luck as the code's. With two a side, one run's Sentry-on against Sentry-off
 * read anywhere from 0.76 to 0.87 for the same build.
 */
const PROCESSES_PER_SIDE = 3;

/** Starts `PROCESSES_PER_SIDE` processes of each side (`ours`, `ours#2`, ...); `sentryDsn`: the local capture endpoint. */
export async function startLightServers(pin, sentryDsn) {
  const ours = lightServerOptions();
  const sides = {
    ours,
    oursSentry: { ...ours, sentryDsn, env: { ...ours.env, SENTRY_TRACES_SAMPLE_RATE: '0.1' } },
    bare: {},
  };
  const servers = {};
  for (let instance = 1; instance <= PROCESSES_PER_SIDE; instance++) {
    for (const [side, options] of Object.entries(sides)) {
      const kind = side === 'bare' ? 'bare' : 'ours';
      servers[instance === 1 ? side : `${side}#${instance}`] = await startServer(kind, { pin, ...options });
    }
  }
  return servers;
}

/** The runs of a side's processes under the side's name (`ours#2:light` joins `ours:light`). */
function poolProcesses(runs) {
  const pooled = {};
  for (const [key, list] of Object.entries(runs)) {
    const [name, routeId] = key.split(':');
    const sideKey = `${name.split('#')[0]}:${routeId}`;
    pooled[sideKey] = [...(pooled[sideKey] ?? []), ...list.map((run) => ({ ...run, process: name }))];
  }
  return pooled;
}

/** Throughput, latency, CPU per request and peak RSS of each side, with what each page weighs. */
export async function measureLightPair(pin, sentryDsn, settings, log) {
  const servers = await startLightServers(pin, sentryDsn);
  try {
    const pages = await verifyLightPages(servers);
    const routes = { light: { url: LIGHT_PATH, connections: CONNECTIONS } };
    const runs = await runRounds(pin, servers, routes, settings, log);
    const throughput = summarizeRuns(poolProcesses(runs)).light;
    // Each process's own medians too, to show how far one start's differ from the next.
    const perProcess = summarizeRuns(runs).light;
    const peakRss = {};
    for (const [name, server] of Object.entries(servers)) {
      const side = name.split('#')[0];
      peakRss[side] = Math.max(peakRss[side] ?? 0, readMemory(server.pid)?.hwm ?? 0);
    }
    log('light pair: timing hydration in Chromium');
    // Ours sends helmet's headers (COOP among them, which gives the page a browsing context group of its
    // own); `bare` here is the bare renderer with the same kind of headers, `bareWithoutHeaders` the plain one.
    servers.bareWithHeaders = await startServer('bare', { pin, env: { BARE_SECURITY_HEADERS: '1' } });
    const hydration = await measureHydration(
      { ours: servers.ours, bare: servers.bareWithHeaders, bareWithoutHeaders: servers.bare },
      settings.hydrationLoads,
    );
    return { pages, throughput, perProcess, peakRss, hydration };
  } finally {
    await Promise.all(Object.values(servers).map((server) => stopChild(server.child)));
  }
}

/** Every server answers the light page with its 50 rows; throws otherwise. Returns each page's bytes. */
async function verifyLightPages(servers) {
  const pages = {};
  for (const [name, server] of Object.entries(servers)) {
    const page = await fetchText(`${server.origin}${LIGHT_PATH}`);
    const rows = (page.body.match(/class="products__row/g) ?? []).length;
    if (page.status !== 200 || rows !== 50) {
      throw new Error(`light page of ${name}: status ${page.status}, ${rows} rows instead of 50`);
    }
    pages[name] = { bytes: Buffer.byteLength(page.body) };
  }
  return pages;
}

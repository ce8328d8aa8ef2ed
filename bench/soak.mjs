// `npm run soak`: a minute of mixed traffic against the production server, to show that nothing leaks,
// nothing fails and readiness holds. Not part of `npm test` (it takes a minute and both cores).
//
// 64 connections on 127.0.0.1 (SOAK_SECONDS, default 60): pages in three locales, data answers, form posts
// (add to cart), assets, Sentry tunnel posts (a local capture server stands in for Sentry), and clients
// that drop their connection mid-response. Checks, each turned into the exit code: zero 5xx, zero
// connection errors or timeouts (the dropped requests are deliberate and not counted), RSS at the end
// within 10% of RSS after the first 10 s, and /readyz 200 at every poll (every 500 ms).
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  HOST,
  installCleanup,
  npmStartDefaults,
  pinning,
  readMemory,
  SNAPSHOT_DIR,
  sleep,
  snapshotBuild,
  startSentryCapture,
  startServer,
  stopAllChildren,
} from './lib.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_S = Math.min(10, SECONDS / 3);
const READY_POLL_MS = 500;
const RSS_TOLERANCE = 0.1;
const PRODUCTS = [
  'chef-knife-20cm',
  'santoku-knife-18cm',
  'terracotta-pot-20cm',
  'hand-trowel',
  'brass-ballpoint-pen',
];
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

installCleanup();
const pin = pinning();

console.log(`soak: building, then ${SECONDS} s of mixed traffic at 64 connections on ${HOST}`);
const { buildId } = await snapshotBuild();
const { readFile } = await import('node:fs/promises');
const manifest = JSON.parse(await readFile(path.join(SNAPSHOT_DIR, 'manifest.json'), 'utf8'));
const sentry = await startSentryCapture();
const production = npmStartDefaults();
// Production defaults: request log at info, Sentry traces at the default sample rate.
const server = await startServer('ours', {
  pin,
  sentryDsn: sentry.dsn,
  // The runtime flags and MALLOC_ARENA_MAX of `npm start`.
  nodeArgs: production.nodeArgs,
  env: { ...production.env, LOG_LEVEL: 'info', SENTRY_TRACES_SAMPLE_RATE: '0.1' },
});
const origin = server.origin;

const pagePaths = [
  '/',
  '/fr',
  '/de',
  '/shop',
  '/fr/shop/kitchen',
  '/de/shop/garden',
  '/help',
  '/fr/help/shipping/delivery-times',
  '/cart',
];
for (const id of PRODUCTS) pagePaths.push(`/products/${id}`, `/de/products/${id}`);
const dataPaths = [
  '',
  '/shop/kitchen',
  '/fr/help/returns/refunds',
  '/de/products/chef-knife-20cm',
  '/products/hand-trowel',
];
const assetFiles = [manifest.entry.file, ...manifest.stylesheets, ...manifest.entry.imports].slice(0, 8);
const envelope = `${JSON.stringify({ event_id: 'e'.repeat(32), dsn: sentry.dsn, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'soak', level: 'info' })}\n`;

const headers = { 'user-agent': UA, 'accept-encoding': 'gzip, br' };
/** One autocannon per kind of traffic, each cycling through its requests on its own connections. */
const kinds = {
  pages: { connections: 20, requests: pagePaths.map((p) => ({ method: 'GET', path: p, headers })) },
  data: {
    connections: 12,
    requests: dataPaths.map((p) => ({
      method: 'GET',
      path: `/_data/${buildId}${p}`,
      headers: { ...headers, accept: 'application/x-ndjson' },
    })),
  },
  posts: {
    connections: 8,
    requests: PRODUCTS.map((id) => ({
      method: 'POST',
      path: `/products/${id}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ _action: 'add-to-cart', productId: id, quantity: '1' }).toString(),
    })),
  },
  assets: {
    connections: 12,
    requests: assetFiles.map((file) => ({ method: 'GET', path: `/_assets/${file}`, headers })),
  },
  tunnel: {
    connections: 4,
    requests: [
      {
        method: 'POST',
        path: '/monitoring',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: envelope,
      },
    ],
  },
};
const ABORTING_CLIENTS = 8;

/** Clients that send a page request and close the socket as soon as the first bytes arrive. */
async function abortingClient(until, counts) {
  while (Date.now() < until) {
    await new Promise((resolve) => {
      const socket = net.connect(server.port, HOST, () => {
        const target = pagePaths[counts.dropped % pagePaths.length];
        socket.write(`GET ${target} HTTP/1.1\r\nHost: ${HOST}\r\nUser-Agent: ${UA}\r\n\r\n`);
      });
      socket.setTimeout(5_000, () => socket.destroy());
      socket.once('data', () => {
        counts.dropped += 1;
        socket.destroy();
      });
      socket.once('error', () => {});
      socket.once('close', resolve);
    });
  }
}

/** Polls /readyz and samples the server's RSS until `until`. */
async function watch(until, startedAt) {
  const polls = { ok: 0, failed: [] };
  let rssAtWarmup = null;
  let rssAtEnd = null;
  const timeline = [];
  while (Date.now() < until) {
    const status = await fetch(`${origin}/readyz`).then(
      (response) => response.status,
      (error) => String(error),
    );
    if (status === 200) polls.ok += 1;
    else polls.failed.push({ atS: ((Date.now() - startedAt) / 1000).toFixed(1), status });
    const rss = readMemory(server.pid)?.rss ?? Number.NaN;
    if (rssAtWarmup === null && Date.now() - startedAt >= WARMUP_S * 1000) rssAtWarmup = rss;
    rssAtEnd = rss;
    const second = Math.floor((Date.now() - startedAt) / 1000);
    if (second % 10 === 0 && timeline.at(-1)?.second !== second) timeline.push({ second, rss });
    await sleep(READY_POLL_MS);
  }
  return { polls, rssAtWarmup, rssAtEnd, timeline };
}

const startedAt = Date.now();
const until = startedAt + SECONDS * 1000;
const counts = { dropped: 0 };
const loads = Object.entries(kinds).map(([kind, { connections, requests }]) =>
  autocannon({ url: origin, connections, duration: SECONDS, requests, timeout: 10 }).then((result) => [
    kind,
    result,
  ]),
);
const [results, watched] = await Promise.all([
  Promise.all(loads),
  watch(until, startedAt),
  ...Array.from({ length: ABORTING_CLIENTS }, () => abortingClient(until, counts)),
]);
const serverAlive = server.child.exitCode === null;
await stopAllChildren();
await sentry.close();

const rows = results.map(([kind, result]) => ({
  kind,
  connections: kinds[kind].connections,
  'req/s': Math.round(result.requests.average),
  requests: result.requests.total,
  '2xx': result['2xx'],
  '3xx': result['3xx'],
  '4xx': result['4xx'],
  '5xx': result['5xx'],
  errors: result.errors,
  timeouts: result.timeouts,
  'p50 ms': result.latency.p50,
  'p99 ms': result.latency.p99,
}));
console.table(rows);
const { polls, rssAtWarmup, rssAtEnd, timeline } = watched;
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const rssRatio = rssAtWarmup && rssAtEnd ? rssAtEnd / rssAtWarmup : Number.NaN;
console.log(`dropped mid-response on purpose: ${counts.dropped} (${ABORTING_CLIENTS} clients)`);
console.log(`tunnel envelopes that reached the capture server: ${sentry.stats.envelopes}`);
console.log(
  `RSS after ${WARMUP_S} s: ${mib(rssAtWarmup)} MiB; at the end: ${mib(rssAtEnd)} MiB; ratio ${rssRatio.toFixed(3)}`,
);
console.log(
  `RSS every 10 s (MiB): ${timeline.map(({ second, rss }) => `${second} s ${mib(rss)}`).join(', ')}`,
);
console.log(
  `/readyz: ${polls.ok} polls answered 200, ${polls.failed.length} did not`,
  polls.failed.slice(0, 5),
);

const failures = [];
const total = (field) => rows.reduce((sum, row) => sum + row[field], 0);
if (total('5xx') > 0) failures.push(`${total('5xx')} responses were 5xx`);
if (total('errors') + total('timeouts') > 0)
  failures.push(`${total('errors')} connection errors and ${total('timeouts')} timeouts`);
if (!(Math.abs(rssRatio - 1) <= RSS_TOLERANCE))
  failures.push(`RSS moved by ${((rssRatio - 1) * 100).toFixed(1)}%`);
if (polls.failed.length > 0 || polls.ok === 0) failures.push('/readyz did not answer 200 throughout');
if (!serverAlive) failures.push('the server exited during the soak');
if (counts.dropped === 0)
  failures.push('no request was dropped mid-response (the aborting clients did not run)');
if (failures.length) {
  console.error(`soak FAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`soak passed: ${total('requests')} requests in ${SECONDS} s, no 5xx, no connection error`);

// The servers a benchmark loads (ours, the storefront's baseline, the light page's bare renderer) and the local Sentry capture endpoint; 127.0.0.1 only.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnTracked, stopChild } from './children.mjs';
import {
  BARE_CLIENT_BUNDLE,
  BARE_SERVER_BUNDLE,
  BASELINE_BUNDLE,
  BENCH_LOG_LEVEL,
  BROWSER_UA,
  HOST,
  LIGHT_PATH,
  ROOT,
  SHOP_PATH,
  SNAPSHOT_DIR,
  sleep,
} from './constants.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A Sentry ingestion stand-in: answers POST /api/<n>/envelope/ with 200 and counts what it got. */
export async function startSentryCapture() {
  const stats = { envelopes: 0, bytes: 0, other: 0 };
  const server = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk) => {
      bytes += chunk.length;
    });
    request.on('end', () => {
      if (request.method === 'POST' && /^\/api\/\d+\/envelope\/?(\?|$)/.test(request.url ?? '')) {
        stats.envelopes++;
        stats.bytes += bytes;
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        stats.other++;
        response.writeHead(404).end();
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address();
  return {
    stats,
    dsn: `http://benchpublickey@${HOST}:${port}/1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const COOKIE_SECRET = randomBytes(32).toString('hex');
/** How long a server may take to answer its probe after start. */
const SERVER_START_TIMEOUT_MS = 90_000;

/**
 * How `npm start` runs the server, read from package.json's "start" script so the two cannot drift: its
 * node flags (before `--import`) and its environment defaults (`NAME=${NAME:-value}`).
 */
export function npmStartDefaults() {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const start = scripts.start;
  const flags = start
    .slice(start.indexOf(' node ') + 6, start.indexOf(' --import'))
    .trim()
    .split(/\s+/);
  const env = Object.fromEntries(
    [...start.matchAll(/(\w+)=\$\{\w+:-([^}]*)\}/g)].map(([, name, value]) => [name, value]),
  );
  return { nodeArgs: flags.filter((flag) => flag.startsWith('--')), env };
}

/** The light page's bare renderer: its bundle, its client script, and the path that shows it is up. */
export const LIGHT_BARE = { server: BARE_SERVER_BUNDLE, client: BARE_CLIENT_BUNDLE, probe: LIGHT_PATH };

/**
 * Starts a server process on core 0: `ours` (the production bundle of `distDir`, the snapshot by default,
 * started as `node --import <dist>/server/instrument.mjs <dist>/server/index.mjs`, optionally with Sentry),
 * `baseline` (the storefront's) or `bare` (a bare renderer, `LIGHT_BARE` by default). Resolves once it answers.
 */
export async function startServer(
  kind,
  { pin, sentryDsn, nodeArgs = [], distDir = SNAPSHOT_DIR, env: extraEnv = {}, bare = LIGHT_BARE } = {},
) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST, NODE_ENV: 'production' };
  for (const name of ['SENTRY_DSN', 'SENTRY_TRACES_SAMPLE_RATE', 'ENABLE_DEBUG_ROUTES', 'WEB_CONCURRENCY'])
    delete env[name];
  let args;
  // Each process's embedded database in a folder of its own (PGlite is one process's), removed at its exit.
  const dataDir = kind === 'bare' ? undefined : mkdtempSync(path.join(os.tmpdir(), `bench-${kind}-data-`));
  if (kind === 'baseline') {
    env.BASELINE_DIST = distDir;
    env.BASELINE_DATA_DIR = dataDir;
    args = [...nodeArgs, BASELINE_BUNDLE];
  } else if (kind === 'bare') {
    Object.assign(env, extraEnv, { BARE_CLIENT: bare.client });
    args = [...nodeArgs, bare.server];
  } else {
    Object.assign(env, { LOG_LEVEL: BENCH_LOG_LEVEL, COOKIE_SECRET, DATA_DIR: dataDir });
    if (sentryDsn) {
      Object.assign(env, {
        SENTRY_DSN: sentryDsn,
        // The production default: Sentry's budget is set at this rate.
        SENTRY_TRACES_SAMPLE_RATE: '0.1',
        SENTRY_ENVIRONMENT: 'bench',
      });
    }
    Object.assign(env, extraEnv);
    args = [
      ...nodeArgs,
      '--import',
      pathToFileURL(path.join(distDir, 'server', 'instrument.mjs')).href,
      path.join(distDir, 'server', 'index.mjs'),
    ];
  }
  const [command, commandArgs] = pin.node(0, args);
  const child = spawnTracked(command, commandArgs, { env });
  if (dataDir) child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const origin = `http://${HOST}:${port}`;
  const probe = { baseline: SHOP_PATH, bare: bare.probe }[kind] ?? '/readyz';
  // The storefront migrates its embedded database before /readyz answers 200: ~2 s on a quiet machine, 40 s
  // at a load average of 16 (other agents' builds and tests on the same 2 cores).
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${kind} server exited while starting:\n${child.output}`);
    const status = await fetchText(`${origin}${probe}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { kind, child, pid: child.pid, port, origin };
    await sleep(100);
  }
  await stopChild(child);
  throw new Error(
    `${kind} server did not answer ${probe} within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${child.output}`,
  );
}

/** GET with a browser user agent over a fresh connection; resolves with status, headers and body text. */
export function fetchText(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { 'user-agent': BROWSER_UA, ...headers }, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error(`timeout: ${url}`)));
    request.on('error', reject);
  });
}

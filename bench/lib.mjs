// Shared helpers of bench/run.mjs and bench/profile.mjs: child processes (tracked, and all killed on exit or
// Ctrl-C), CPU pinning, the build snapshot, the baseline bundle, servers, load runs and RSS readings.
// Everything listens on and talks to 127.0.0.1 only.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
/** A private copy of the build: other people's builds into dist/ cannot change it under a running server. */
export const SNAPSHOT_DIR = path.join(RESULTS_DIR, 'dist');
export const BASELINE_BUNDLE = path.join(RESULTS_DIR, 'build', 'baseline-server.mjs');
export const HOST = '127.0.0.1';
export const PRODUCT_PATH = '/products/chef-knife-20cm';
export const PRODUCT_NAME = 'Chef knife 20 cm';
export const SHOP_PATH = '/shop';
/** A browser user agent: crawlers (isbot) get the whole document at once instead of the streamed shell. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** The log level of our server under load: warnings and errors only, so request logging does not dominate. */
export const BENCH_LOG_LEVEL = 'warn';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The value after `name` on the command line (`--path /shop`), or `fallback`. */
export function cliOption(name, fallback) {
  const index = process.argv.indexOf(name, 2);
  return index === -1 ? fallback : process.argv[index + 1];
}
export const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// --- Child processes ------------------------------------------------------------------------------------

const children = new Set();

/** Spawns a tracked child; its output is kept (last 8 KB) for error messages. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  child.output = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-8192);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('exit', () => children.delete(child));
  children.add(child);
  return child;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAllChildren() {
  await Promise.all([...children].map((child) => stopChild(child, 2000)));
}

let cleanupInstalled = false;
let interrupted = false;
/** True once Ctrl-C or SIGTERM arrived: failures after that are the interruption, not errors. */
export const wasInterrupted = () => interrupted;
/** Kills every tracked child on Ctrl-C, SIGTERM and at exit (by pid, one by one). */
export function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping ${children.size} child process(es)`);
      stopAllChildren().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
}

// --- CPU pinning ----------------------------------------------------------------------------------------

/** taskset (util-linux) and at least two cores: servers on core 0, load generator and this process on core 1. */
export function pinning() {
  let taskset = null;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    taskset = 'taskset';
  } catch {}
  let cores = 1;
  try {
    cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || 1;
  } catch {}
  const enabled = taskset !== null && cores >= 2;
  return {
    enabled,
    cores,
    note: enabled
      ? 'servers pinned to core 0; autocannon, TTFB client, Sentry capture endpoint and this runner to core 1'
      : `unpinned (${taskset ? `only ${cores} core` : 'taskset not found'})`,
    /** [command, args] running `node args` on `core` when pinning is available. */
    node(core, args) {
      return enabled
        ? ['taskset', ['-c', String(core), process.execPath, ...args]]
        : [process.execPath, args];
    },
    pinSelf(core) {
      if (enabled)
        execFileSync('taskset', ['-a', '-cp', String(core), String(process.pid)], { stdio: 'ignore' });
    },
  };
}

// --- Build ----------------------------------------------------------------------------------------------

/** Runs `node build.mjs`; resolves with wall time and the build's own reported time. */
export async function runBuild() {
  const started = performance.now();
  const child = spawnTracked(process.execPath, ['build.mjs']);
  const { code } = await child.exited;
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`node build.mjs failed (exit ${code}):\n${child.output}`);
  const reported = /build (\w+) in (\d+) ms/.exec(child.output);
  return { wallMs, reportedMs: reported ? Number(reported[2]) : Number.NaN, buildId: reported?.[1] };
}

/**
 * Writes the production build (build.mjs's `build()`, what `node build.mjs` runs) to bench/results/dist.
 * A private copy, because other people's builds rewrite dist/ at any time; `../../../node_modules` stays
 * reachable from it, so the server bundle runs from there exactly as from dist/.
 */
export async function snapshotBuild() {
  await rm(SNAPSHOT_DIR, { recursive: true, force: true });
  const { build } = await import(pathToFileURL(path.join(ROOT, 'build.mjs')).href);
  const manifest = await build({ outdir: SNAPSHOT_DIR });
  return { method: "build.mjs's build() into bench/results/dist", buildId: manifest.buildId };
}

/** Bundles bench/baseline/server.tsx like build.mjs's server build, but with every package bundled. */
export async function buildBaseline() {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['bench/baseline/server.tsx'],
    outfile: BASELINE_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Linked like the server build's, so CPU profiles map back to react-dom, the storefront and bench/.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// --- Servers --------------------------------------------------------------------------------------------

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

/**
 * Starts a server process on core 0: `ours` (the production bundle of the snapshot, started as
 * `node --import <dist>/server/instrument.mjs <dist>/server/index.mjs`, optionally with Sentry) or
 * `baseline`. Resolves once it answers.
 */
export async function startServer(
  kind,
  { pin, sentryDsn, nodeArgs = [], distDir = SNAPSHOT_DIR, env: extraEnv = {} } = {},
) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST, NODE_ENV: 'production' };
  for (const name of ['SENTRY_DSN', 'SENTRY_TRACES_SAMPLE_RATE', 'ENABLE_DEBUG_ROUTES', 'WEB_CONCURRENCY'])
    delete env[name];
  let args;
  if (kind === 'baseline') {
    env.BASELINE_DIST = distDir;
    args = [...nodeArgs, BASELINE_BUNDLE];
  } else {
    Object.assign(env, { LOG_LEVEL: BENCH_LOG_LEVEL, COOKIE_SECRET });
    if (sentryDsn) {
      Object.assign(env, {
        SENTRY_DSN: sentryDsn,
        SENTRY_TRACES_SAMPLE_RATE: '1',
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
  const origin = `http://${HOST}:${port}`;
  const probe = kind === 'baseline' ? SHOP_PATH : '/readyz';
  const deadline = Date.now() + 20_000;
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
  throw new Error(`${kind} server did not answer ${probe} within 20 s:\n${child.output}`);
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

// --- Measurements ---------------------------------------------------------------------------------------

/** Clock ticks per second of /proc/<pid>/stat's CPU times (getconf CLK_TCK; 100 on Linux). */
const CLOCK_TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU time (user + system) a process has used, in µs; null once it is gone. Divided by the requests a run
 * completed, it is the server's CPU cost per request: what decides throughput once the CPU is the limit,
 * and steadier on a shared machine than requests per second.
 */
export function readCpuTimeUs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** VmRSS and VmHWM (peak) of a process, in bytes; null once it is gone. */
export function readMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Samples VmRSS of `pid` every `everyMs` until stopped; resolves with the largest sample. */
export function pollRss(pid, everyMs = 100) {
  let peak = 0;
  const sample = () => {
    const memory = readMemory(pid);
    if (memory && memory.rss > peak) peak = memory.rss;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/**
 * Samples VmRSS of `pid` every `everyMs` until stopped; resolves with the median of the samples taken in the
 * last `fraction` of the time. A single reading swings by tens of MB with where the garbage collector is in
 * its cycle; the median over a stretch of load does not, while a leak still moves it.
 */
export function sampleRss(pid, { everyMs = 100, fraction = 0.5 } = {}) {
  const samples = [];
  const sample = () => {
    const memory = readMemory(pid);
    if (memory) samples.push(memory.rss);
  };
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return median(samples.slice(Math.floor(samples.length * (1 - fraction))));
  };
}

let loadWorker = null;

/** The long-lived autocannon process (bench/load.mjs) on core 1, started on first use. */
function loadWorkerOf(pin) {
  if (loadWorker && loadWorker.exitCode === null && loadWorker.signalCode === null) return loadWorker;
  const [command, args] = pin.node(1, [path.join(ROOT, 'bench', 'load.mjs')]);
  const worker = spawnTracked(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  worker.lines = [];
  worker.waiting = null;
  let buffer = '';
  worker.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline !== -1; newline = buffer.indexOf('\n')) {
      worker.lines.push(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
    }
    if (worker.lines.length > 0 && worker.waiting) worker.waiting();
  });
  worker.exited.then(() => worker.waiting?.());
  loadWorker = worker;
  return worker;
}

/** One autocannon run on core 1 with a browser user agent; bounded by `limitMs` (the worker is killed then). */
export async function runLoad(pin, { url, connections = 32, duration, amount, headers = {} }, limitMs) {
  const worker = loadWorkerOf(pin);
  const job = { url, connections, duration, amount, headers: { 'user-agent': BROWSER_UA, ...headers } };
  worker.stdin.write(`${JSON.stringify(job)}\n`);
  const limit = limitMs ?? (duration ? duration * 1000 + 30_000 : 600_000);
  const timer = setTimeout(() => worker.kill('SIGKILL'), limit);
  while (worker.lines.length === 0 && worker.exitCode === null && worker.signalCode === null) {
    await new Promise((resolve) => {
      worker.waiting = resolve;
    });
    worker.waiting = null;
  }
  clearTimeout(timer);
  const line = worker.lines.shift();
  if (line === undefined) {
    throw new Error(
      wasInterrupted()
        ? 'interrupted'
        : `autocannon stopped (time limit ${limit} ms or crash): ${worker.output.slice(-1000)}`,
    );
  }
  const result = JSON.parse(line);
  if (result.error) throw new Error(`autocannon failed: ${result.error}`);
  return result;
}

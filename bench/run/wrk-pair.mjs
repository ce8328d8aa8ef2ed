// The wrk pair: ours against the bare renderer measured as the independent bench of issue 51 measured them,
// to find where its readings and the light pair's part. Each side runs in a new process every round (or, with
// `pooled`, in processes kept for all rounds, as the light pair does), is warmed with wrk for `warmupS`, then
// measured for `durationS` with `wrk -t1 -c32 --latency`; server on core 0, wrk on core 1; rounds alternate
// which side goes first. A second, short phase measures new processes after only `shortWarmupS` of warm-up.
// Both the product-like page (the independent bench's kind) and the light page run, so the page's share of
// the difference shows. With `traceGc`, every server runs with --trace-gc and each run reports the GC pauses
// inside its measured window (traces in bench/results/gc/).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { traceGc } from '../lib/gc-trace.mjs';
import { runWrk } from '../lib/wrk.mjs';
import { median, RESULTS_DIR, readCpuTimeUs, runLoad, stopChild } from '../lib.mjs';
import { SIDES, startSide, verifyWrkPage, WRK_PAGES } from './wrk-pages.mjs';

/** With `pooled`, as the light pair: three processes a side, their runs pooled. */
const PROCESSES_PER_SIDE = 3;
const GC_DIR = path.join(RESULTS_DIR, 'gc');

/** Starts a process of `side` with its GC trace collected into GC_DIR/<name>.log when `gc` is on. */
async function startProcess(pin, page, side, { gc, name }) {
  const server = await startSide(pin, page, side, gc ? ['--trace-gc'] : []);
  return {
    side,
    name,
    server,
    warm: false,
    gc: gc ? traceGc(server.child, path.join(GC_DIR, `${name}.log`)) : null,
  };
}

/**
 * One load run on core 1: wrk, as the independent bench ran it, or with `load: 'autocannon'` the light pair's
 * autocannon (32 connections, a browser user agent, 30 s timeout), to tell the load generator's share.
 */
async function runLoadOf(pin, { load }, { url, durationS, latency }) {
  if (load !== 'autocannon') return runWrk(pin, { url, durationS, latency });
  const run = await runLoad(pin, { url, connections: 32, duration: durationS });
  return { ...run, valid: run.non2xx === 0 && run.errors === 0 && run.timeouts === 0 && run.requests > 0 };
}

async function stopProcess(serverProcess) {
  await stopChild(serverProcess.server.child);
  await serverProcess.gc?.close();
}

/** Warms the process first if it has not been yet, then one measured run with CPU per request and GC pauses. */
async function measureProcess(pin, page, serverProcess, settings) {
  const { warmupS, durationS } = settings;
  const { server } = serverProcess;
  const url = `${server.origin}${page.path}`;
  const warmup = serverProcess.warm
    ? null
    : await runLoadOf(pin, settings, { url, durationS: warmupS, latency: false });
  serverProcess.warm = true;
  const cpuBefore = readCpuTimeUs(server.pid);
  const from = Date.now();
  const run = await runLoadOf(pin, settings, { url, durationS, latency: true });
  const to = Date.now();
  const cpuAfter = readCpuTimeUs(server.pid);
  return {
    ...run,
    process: serverProcess.name,
    warmupRequestsPerSecond: warmup?.requestsPerSecond ?? null,
    cpuUsPerRequest:
      cpuBefore !== null && cpuAfter !== null && run.requests > 0
        ? (cpuAfter - cpuBefore) / run.requests
        : null,
    gc: serverProcess.gc?.pausesBetween(from, to) ?? null,
  };
}

function logRun(log, label, run) {
  const gc = run.gc
    ? `  GC ${run.gc.count} pauses, ${run.gc.totalMs.toFixed(0)} ms, max ${run.gc.maxMs.toFixed(1)} ms`
    : '';
  log(
    `${label} ${run.process.padEnd(28)} ${run.requestsPerSecond.toFixed(0).padStart(5)} req/s  p99 ${run.latencyMs.p99.toFixed(1)} ms  ${run.cpuUsPerRequest?.toFixed(0)} µs/req${gc}${run.valid ? '' : `  INVALID (${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts)`}`,
  );
}

/** Every round: a new process of each side (which one goes first alternates), warmed, measured, stopped. */
async function freshProcessRounds(pin, page, pageId, phase, settings, log) {
  const runs = [];
  for (let round = 1; round <= settings.rounds; round++) {
    for (const side of round % 2 ? SIDES : [...SIDES].reverse()) {
      const name = `${pageId}-${phase}-${side}-round${round}`;
      const serverProcess = await startProcess(pin, page, side, { gc: settings.traceGc, name });
      try {
        const run = { ...(await measureProcess(pin, page, serverProcess, settings)), side, round };
        runs.push(run);
        logRun(log, `wrk ${phase} round ${round}`, run);
      } finally {
        await stopProcess(serverProcess);
      }
    }
  }
  return runs;
}

/** PROCESSES_PER_SIDE processes a side for all rounds, each warmed right before its first run, in turn. */
async function pooledRounds(pin, page, pageId, phase, settings, log) {
  const processes = [];
  const runs = [];
  try {
    for (let instance = 1; instance <= PROCESSES_PER_SIDE; instance++) {
      for (const side of SIDES) {
        const name = `${pageId}-${phase}-${side}-process${instance}`;
        processes.push(await startProcess(pin, page, side, { gc: settings.traceGc, name }));
      }
    }
    for (let round = 1; round <= settings.rounds; round++) {
      const order = processes.map((_, index) => processes[(index + round - 1) % processes.length]);
      for (const serverProcess of order) {
        const run = {
          ...(await measureProcess(pin, page, serverProcess, settings)),
          side: serverProcess.side,
          round,
        };
        runs.push(run);
        logRun(log, `wrk ${phase} round ${round}`, run);
      }
    }
  } finally {
    await Promise.all(processes.map(stopProcess));
  }
  return runs;
}

/** The GC pauses of a side's runs together: counts and totals summed, the longest pause of all. */
function combineGc(runs) {
  const summaries = runs.map((run) => run.gc).filter(Boolean);
  if (summaries.length === 0) return null;
  const sum = (field) => summaries.reduce((total, summary) => total + summary[field], 0);
  return {
    count: sum('count'),
    totalMs: sum('totalMs'),
    maxMs: Math.max(...summaries.map((summary) => summary.maxMs)),
    shareOfTime: sum('totalMs') / 1000 / sum('seconds'),
    runs: summaries.length,
  };
}

/** A side's medians over its valid runs (p99 also at its worst), its GC pauses and every run for the record. */
function summarizeSide(runs) {
  const valid = runs.filter((run) => run.valid);
  const of = (read) => median(valid.map(read));
  return {
    validRuns: valid.length,
    runs: runs.length,
    requestsPerSecond: of((run) => run.requestsPerSecond),
    p50Ms: of((run) => run.latencyMs.p50),
    p99Ms: of((run) => run.latencyMs.p99),
    worstP99Ms: Math.max(...valid.map((run) => run.latencyMs.p99)),
    cpuUsPerRequest: of((run) => run.cpuUsPerRequest),
    gc: combineGc(valid),
    perRun: runs.map((run) => ({
      round: run.round,
      process: run.process,
      requestsPerSecond: run.requestsPerSecond,
      p50: run.latencyMs.p50,
      p99: run.latencyMs.p99,
      cpuUsPerRequest: run.cpuUsPerRequest,
      warmupRequestsPerSecond: run.warmupRequestsPerSecond,
      valid: run.valid,
      gc: run.gc,
    })),
  };
}

/** Ours against bare: req/s and CPU per request (higher is better for ours), p99 (lower), and round by round. */
function compareSides(runs) {
  const ours = summarizeSide(runs.filter((run) => run.side === 'ours'));
  const bare = summarizeSide(runs.filter((run) => run.side === 'bare'));
  const rounds = [...new Set(runs.map((run) => run.round))];
  const roundMedian = (side, round) =>
    median(
      runs
        .filter((run) => run.side === side && run.round === round && run.valid)
        .map((run) => run.requestsPerSecond),
    );
  return {
    ours,
    bare,
    ratios: {
      requestsPerSecond: ours.requestsPerSecond / bare.requestsPerSecond,
      cpuPerRequest: bare.cpuUsPerRequest / ours.cpuUsPerRequest,
      p99: ours.p99Ms / bare.p99Ms,
      perRound: rounds.map((round) => roundMedian('ours', round) / roundMedian('bare', round)),
    },
  };
}

/**
 * The wrk pair on every page of WRK_PAGES. `settings`: rounds, warmupS, durationS, shortWarmupS (0 skips the
 * short phase), pooled, traceGc, load ('wrk' by default, or 'autocannon'). Throws if a page fails its check.
 */
export async function measureWrkPair(pin, settings, log) {
  if (settings.traceGc) await mkdir(GC_DIR, { recursive: true });
  const methodology = settings.pooled ? 'pooled' : 'fresh-process';
  const rounds = settings.pooled ? pooledRounds : freshProcessRounds;
  const pages = {};
  for (const [pageId, page] of Object.entries(WRK_PAGES)) {
    const bytes = await verifyWrkPage(pin, page);
    log(`wrk pair: ${page.label} verified (ours ${bytes.ours} B, bare ${bytes.bare} B)`);
    const steady = compareSides(await rounds(pin, page, pageId, 'steady', settings, log));
    let shortWarmup = null;
    if (settings.shortWarmupS > 0) {
      const shortSettings = { ...settings, warmupS: settings.shortWarmupS };
      shortWarmup = {
        warmupS: settings.shortWarmupS,
        ...compareSides(await freshProcessRounds(pin, page, pageId, 'short', shortSettings, log)),
      };
    }
    pages[pageId] = { label: page.label, path: page.path, bytes, ...steady, shortWarmup };
  }
  const { rounds: roundCount, warmupS, durationS, shortWarmupS, traceGc: gc, load = 'wrk' } = settings;
  return {
    methodology,
    settings: { rounds: roundCount, warmupS, durationS, shortWarmupS, traceGc: gc, load },
    pages,
  };
}

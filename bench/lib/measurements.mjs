// What a benchmark reads off a server process (CPU time, RSS) and the load runs themselves.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnTracked, wasInterrupted } from './children.mjs';
import { BROWSER_UA, median, ROOT } from './constants.mjs';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (getconf CLK_TCK; 100 on Linux). */
const CLOCK_TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU time (user + system) a process has used, in µs; null once it is gone. Divided by the requests a run
 * completed, it is the server's CPU cost per request: what decides throughput once the CPU is the limit,
 * and steadier on a shared machine than requests per second.
 */
export function readCpuTimeUs(pid) {
  return readStatCpuUs(`/proc/${pid}/stat`);
}

/**
 * CPU time of a process's main thread alone (its JavaScript), in µs; null once it is gone. A CPU profile's
 * samples count wall time, so on a loaded machine they also count the time the thread waited for a core.
 */
export function readMainThreadCpuTimeUs(pid) {
  return readStatCpuUs(`/proc/${pid}/task/${pid}/stat`);
}

function readStatCpuUs(file) {
  try {
    const stat = readFileSync(file, 'utf8');
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

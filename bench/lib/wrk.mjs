// wrk (Debian's package), the load generator of the independent bench that issue 51 compares against: one
// run on core 1, its summary parsed (req/s, requests, latency percentiles from --latency, errors).
import { spawnSync } from 'node:child_process';
import { spawnTracked, wasInterrupted } from './children.mjs';

/** Whether `wrk` is on PATH. */
export function hasWrk() {
  return !spawnSync('wrk', ['-v'], { stdio: 'ignore' }).error;
}

const TIME_UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** wrk's times ("812.00us", "14.20ms", "1.02s") in ms. */
function timeMs(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m|h)$/.exec(text) ?? [];
  if (value === undefined) throw new Error(`wrk: unreadable time '${text}'`);
  return Number(value) * TIME_UNIT_MS[unit];
}

/**
 * wrk's summary as numbers. wrk leaves requests that time out out of its latency distribution, so a run with
 * timeouts is marked invalid rather than read as a good tail.
 */
export function parseWrkOutput(text) {
  const number = (pattern) => Number(pattern.exec(text)?.[1] ?? 0);
  const percentile = (p) => {
    // wrk pads a time in s or m with a trailing space.
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)\\s*$`, 'm').exec(text);
    return match ? timeMs(match[1]) : Number.NaN;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const result = {
    requests: number(/^\s+(\d+) requests in /m),
    requestsPerSecond: number(/^Requests\/sec:\s+([\d.]+)/m),
    latencyMs: { p50: percentile(50), p75: percentile(75), p90: percentile(90), p99: percentile(99) },
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    timeouts: errors ? Number(errors[4]) : 0,
  };
  if (!/^Requests\/sec:/m.test(text)) throw new Error(`wrk printed no summary:\n${text.slice(-1000)}`);
  result.valid = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && result.requests > 0;
  return result;
}

/**
 * wrk's timeout: past it a request leaves wrk's latencies (its default, 2 s, would drop a loaded machine's
 * slowest requests from the tail). No request of a quiet run comes near either, so this changes nothing there.
 */
const WRK_TIMEOUT_S = 10;

/**
 * One `wrk -t1 -c<connections> -d<durationS>s [--latency] <url>` on core 1, as the independent bench ran it
 * (no headers of its own: no user agent, no Accept-Encoding), with WRK_TIMEOUT_S. Killed if it overruns by 30 s.
 */
export async function runWrk(pin, { url, durationS, connections = 32, latency = true }) {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${durationS}s`,
    `--timeout`,
    `${WRK_TIMEOUT_S}s`,
    ...(latency ? ['--latency'] : []),
    url,
  ];
  const [command, commandArgs] = pin.command(1, 'wrk', args);
  const child = spawnTracked(command, commandArgs);
  const timer = setTimeout(() => child.kill('SIGKILL'), durationS * 1000 + 30_000);
  const { code } = await child.exited;
  clearTimeout(timer);
  if (code !== 0) {
    throw new Error(
      wasInterrupted() ? 'interrupted' : `wrk failed (exit ${code}): ${child.output.slice(-1000)}`,
    );
  }
  return parseWrkOutput(child.output);
}

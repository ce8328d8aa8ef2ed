// The load generator of bench/run.mjs and bench/profile.mjs: autocannon in a process of its own, so it can
// be pinned to a core with `taskset`, and long-lived, so no run pays for starting Node and autocannon.
// It reads one JSON job per stdin line (url, connections, duration in s or amount, headers) and writes one
// JSON line per job: requests/s, latency percentiles (ms), counts of non-2xx responses, errors, timeouts.
// It exits when stdin closes.
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

async function run(options) {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 32,
    pipelining: 1,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 5 }),
    headers: options.headers ?? {},
    timeout: 30,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    durationS: result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.average,
    },
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const output = await run(JSON.parse(line)).catch((error) => ({ error: String(error?.stack ?? error) }));
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

// The garbage collector's pauses of a server started with `node --trace-gc`, read off its stdout (which
// stays the pipe our server's request log writes to), kept in a file, and summarised for a window of wall
// time: where a run's tail latency may come from.
import { createWriteStream } from 'node:fs';

/**
 * One line of V8's --trace-gc: `[pid:0x…]  5123 ms: Scavenge 9.1 (12.0) -> 8.2 (12.5) MB, 1.21 / 0.00 ms …`;
 * a Mark-Compact line adds `(+ 4.1 ms in 23 steps since start of marking, biggest step 0.6 ms, …)`, the
 * incremental marking steps that paused the main thread before it.
 */
const TRACE_LINE =
  /^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: (.+?) [\d.]+ \([\d.]+\) -> [\d.]+ \([\d.]+\) MB, ([\d.]+) \//;
const MARKING_STEPS = /\(\+ ([\d.]+) ms in \d+ steps since start of marking, biggest step ([\d.]+) ms/;

/** The event of one trace line (ms since the isolate started), or null for any other line. */
export function parseGcLine(line) {
  const match = TRACE_LINE.exec(line);
  if (!match) return null;
  const steps = MARKING_STEPS.exec(line);
  return {
    atMs: Number(match[1]),
    kind: match[2],
    pauseMs: Number(match[3]),
    markingStepsMs: steps ? Number(steps[1]) : 0,
    biggestStepMs: steps ? Number(steps[2]) : 0,
  };
}

/**
 * Collects the GC events of `child` (started with --trace-gc) and writes its trace lines to `file`. Trace
 * times count from the isolate's start; the earliest arrival of a line, less its trace time, places that
 * start on the wall clock (a line can only arrive after it was written, so the smallest difference is the
 * closest), within the few ms a pipe and this process's event loop take.
 */
export function traceGc(child, file) {
  const out = createWriteStream(file);
  const events = [];
  let isolateStartMs = Number.POSITIVE_INFINITY;
  let partial = '';
  child.stdout.on('data', (chunk) => {
    const arrivedMs = Date.now();
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const event = parseGcLine(line);
      if (!event) continue;
      out.write(`${line}\n`);
      events.push(event);
      isolateStartMs = Math.min(isolateStartMs, arrivedMs - event.atMs);
    }
  });
  return {
    file,
    /** The pauses between two wall-clock times (Date.now()). */
    pausesBetween: (fromMs, toMs) =>
      summarizeGcPauses(
        events.filter((event) => {
          const at = isolateStartMs + event.atMs;
          return at >= fromMs && at <= toMs;
        }),
        (toMs - fromMs) / 1000,
      ),
    close: () => new Promise((resolve) => out.end(resolve)),
  };
}

/**
 * How many pauses, their total (the atomic pauses and the incremental marking steps before them) and the
 * longest, the share of `seconds` they took, and the count by kind (Scavenge, Mark-Compact...).
 */
export function summarizeGcPauses(events, seconds) {
  const totalMs = events.reduce((sum, event) => sum + event.pauseMs + event.markingStepsMs, 0);
  const byKind = {};
  for (const event of events) byKind[event.kind] = (byKind[event.kind] ?? 0) + 1;
  return {
    count: events.length,
    totalMs,
    maxMs: Math.max(0, ...events.map((event) => Math.max(event.pauseMs, event.biggestStepMs))),
    seconds,
    shareOfTime: seconds > 0 ? totalMs / 1000 / seconds : Number.NaN,
    byKind,
  };
}

// The bench's reading of V8's --trace-gc (bench/lib/gc-trace.mjs), which shows where a run's tail comes from.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGcLine, summarizeGcPauses, traceGc } from '../../bench/lib/gc-trace.mjs';

const SCAVENGE =
  '[28015:0x1b8150d0]     1408 ms: Scavenge 16.0 (20.6) -> 13.7 (29.6) MB, 7.71 / 0.01 ms  (average mu = 1.000, current mu = 1.000) allocation failure; ';
const MARK_COMPACT =
  '[28015:0x1b8150d0]     1719 ms: Mark-Compact 18.9 (30.8) -> 13.1 (31.4) MB, 9.29 / 0.02 ms  (+ 11.9 ms in 39 steps since start of marking, biggest step 6.3 ms, walltime since start of marking 104 ms) (average mu = 1.000, current mu = 1.000) finalize incremental marking via stack guard; GC in old space requested';

describe('parseGcLine', () => {
  it.each([
    [SCAVENGE, { atMs: 1408, kind: 'Scavenge', pauseMs: 7.71, markingStepsMs: 0, biggestStepMs: 0 }],
    [
      MARK_COMPACT,
      { atMs: 1719, kind: 'Mark-Compact', pauseMs: 9.29, markingStepsMs: 11.9, biggestStepMs: 6.3 },
    ],
    ['{"level":"info","msg":"request completed","durationMs":1.2}', null],
  ])('reads %s', (line, event) => {
    expect(parseGcLine(line)).toEqual(event);
  });
});

describe('summarizeGcPauses', () => {
  it('adds the marking steps to the pauses and keeps the longest of either', () => {
    const events = [SCAVENGE, MARK_COMPACT]
      .map((line) => parseGcLine(line))
      .filter((event) => event !== null);
    expect(summarizeGcPauses(events, 2)).toEqual({
      count: 2,
      totalMs: 7.71 + 9.29 + 11.9,
      maxMs: 9.29,
      seconds: 2,
      shareOfTime: (7.71 + 9.29 + 11.9) / 2000,
      byKind: { Scavenge: 1, 'Mark-Compact': 1 },
    });
  });
});

describe('traceGc', () => {
  it('collects a real process’s pauses into its file, by the wall-clock window they fell in', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gc-trace-'));
    try {
      const started = Date.now();
      // Allocates and drops enough to make the young generation collect a few times, with a log line between.
      const script =
        'let kept = []; for (let i = 0; i < 2e6; i++) { kept.push({ i }); if (kept.length > 1e5) { kept = []; console.log("{}"); } }';
      const child = spawn(process.execPath, ['--trace-gc', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const trace = traceGc(child, path.join(dir, 'trace.log'));
      await new Promise((resolve) => child.once('close', resolve));
      const ended = Date.now();
      await trace.close();
      const all = trace.pausesBetween(started, ended);
      const lines = (await readFile(path.join(dir, 'trace.log'), 'utf8')).trim().split('\n');
      expect(all.count).toBeGreaterThan(0);
      expect(all.count).toBe(lines.length);
      expect(trace.pausesBetween(started - 60_000, started - 1).count).toBe(0);
      expect(trace.pausesBetween(ended + 1, ended + 60_000).count).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import type { ChildProcess } from 'node:child_process';

/** One pause of V8's --trace-gc (gc-trace.mjs). */
export interface GcEvent {
  /** Since the isolate started. */
  atMs: number;
  kind: string;
  pauseMs: number;
  markingStepsMs: number;
  biggestStepMs: number;
}

export interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
  seconds: number;
  shareOfTime: number;
  byKind: Record<string, number>;
}

export interface GcTrace {
  file: string;
  /** The pauses between two wall-clock times (Date.now()). */
  pausesBetween(fromMs: number, toMs: number): GcPauses;
  close(): Promise<void>;
}

export function parseGcLine(line: string): GcEvent | null;
export function traceGc(child: ChildProcess, file: string): GcTrace;
export function summarizeGcPauses(events: GcEvent[], seconds: number): GcPauses;

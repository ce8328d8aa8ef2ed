/** wrk's summary of one run (wrk.mjs). */
export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p75: number; p90: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** No errors, non-2xx answers or timeouts, and at least one request. */
  valid: boolean;
}

export function parseWrkOutput(text: string): WrkResult;
export function hasWrk(): boolean;

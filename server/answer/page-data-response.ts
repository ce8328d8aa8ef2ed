import type { Response } from 'express';
import type { PageDataLine } from '../../shared/ui/page-data.ts';
import type { SegmentState } from '../../shared/ui/ssr-payload.ts';
import { errorHead } from '../resolve/error-head.ts';

const NDJSON = 'application/x-ndjson; charset=utf-8';

export function dataLine(value: PageDataLine): string {
  return `${JSON.stringify(value)}\n`;
}

/** Starts a JSON-lines answer of the data endpoint. */
export function startDataLines(response: Response, status: number): void {
  response.status(status).setHeader('Content-Type', NDJSON);
  // Lines stream as deferred values settle: a proxy must pass them on (nginx holds buffered ones). A public
  // answer has every value already, and a shared cache needs it buffered.
  if (!String(response.getHeader('Cache-Control')).startsWith('public')) {
    response.setHeader('X-Accel-Buffering', 'no');
  }
}

/** A complete one-line answer of the data endpoint. */
export function sendDataLine(response: Response, status: number, value: PageDataLine): void {
  startDataLines(response, status);
  response.end(dataLine(value));
}

/**
 * An error status as the data endpoint's answer, with the error page's head for the browser to show (its
 * title says an HttpError's public message, `message`).
 */
export function sendErrorLine(
  response: Response,
  status: number,
  segments?: SegmentState[],
  message?: string,
): void {
  sendDataLine(response, status, { type: 'error', status, head: errorHead(status, message), segments });
}

/** Pushes what was written so far through compression at once (each JSON line is useful on its own). */
export function flush(response: Response): void {
  (response as Response & { flush?: () => void }).flush?.();
}

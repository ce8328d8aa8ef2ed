import type { Request } from 'express';
import { errorDetails, type Logger } from './logger.ts';

/** Logs an unexpected error once, however many layers see it (React's onError, Express's error handler). */
export type ReportError = (error: unknown, request: Request) => void;

export function createErrorReporter(logger: Logger): ReportError {
  const reported = new WeakSet<object>();
  return function reportError(error, request) {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    logger.error({ ...errorDetails(error), method: request.method, path: request.path }, 'unexpected error');
  };
}

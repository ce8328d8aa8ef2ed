import type { Request } from 'express';
import type { ObservedKind } from '../definition/instrumentation.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { ClientDisconnectedError } from './request-abort.ts';

/**
 * Reports a failure with the step it came from before throwing it on to Express's error handler, whose own
 * report then finds it reported. A client that went away is no failure: it is thrown on unreported.
 */
export function reportThrown(
  error: unknown,
  request: Request,
  kind: ObservedKind,
  reportError: ReportError,
): never {
  if (!(error instanceof ClientDisconnectedError)) reportError(error, request, kind);
  throw error;
}

import { captureLogger } from './capture-logger.ts';
import { createFixtureApp } from './fixture-app.tsx';

export const FORM = 'application/x-www-form-urlencoded';

/** The fixture app with its action runs counted and the fields each run saw, and a logger to read. */
export function counterApp(env: Record<string, string> = {}) {
  const actionRuns = { count: 0 };
  const fields: Record<string, string>[] = [];
  const logger = captureLogger();
  const app = createFixtureApp({
    env,
    logger,
    formBodyTimeoutMs: 300,
    hooks: { actionRuns, onFields: (seen) => fields.push(seen) },
  });
  return { app, actionRuns, fields, logger };
}

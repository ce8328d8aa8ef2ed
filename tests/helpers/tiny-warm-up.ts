// The tiny app served for the warm-up's tests, with its logger and monitoring recorded.
import { createApp } from '../../server/app/create-app.ts';
import type { Logger } from '../../server/definition/logger.ts';
import { noMonitoring } from '../../server/monitoring/monitoring.ts';
import { loadConfig } from '../../server/process/config.ts';
import type { InProcessClient } from '../../server/process/in-process-client.ts';
import { listPages } from '../../server/process/page-list.ts';
import { warmUp } from '../../server/process/warm-up.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import tinyApp from '../fixtures/tiny-app/app.ts';
import tinyServerApp from '../fixtures/tiny-app/server-app.ts';

export interface Line {
  level: string;
  message: string;
}

export function recordingLogger(lines: Line[]): Logger {
  const at = (level: string) => (_details: object, message?: string) => {
    lines.push({ level, message: message ?? '' });
  };
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } as unknown as Logger;
}

/** The tiny app with its logger and monitoring recorded; `dataSteps` over its own. */
export function tinyServer(lines: Line[], traced: string[], dataSteps = {}) {
  return createApp({
    config: loadConfig({ COOKIE_SECRET: 'warm-up-test-cookie-secret-of-enough-length' }),
    app: tinyApp,
    dataSteps: { ...tinyServerApp.dataSteps, ...dataSteps },
    logger: recordingLogger(lines),
    monitoring: {
      ...noMonitoring,
      traceRequest: (request, _response, answer) => {
        traced.push(request.url);
        answer();
      },
    },
  });
}

export async function tinyPages() {
  const locales = createLocales(tinyApp.locales);
  return listPages({
    root: tinyApp.root,
    locales,
    basePath: '',
    buildId: 'development',
    listers: {},
    services: {},
  });
}

/** The tiny app's pages warmed up through `client`, with the options a test does not set at their loosest. */
export async function warmUpTinyPages(
  client: InProcessClient,
  options: Partial<Parameters<typeof warmUp>[0]>,
) {
  return warmUp({
    client,
    pages: await tinyPages(),
    budgetMs: 600_000,
    enoughRequests: 1_000_000,
    requestTimeoutMs: 5_000,
    logger: recordingLogger([]),
    ...options,
  });
}

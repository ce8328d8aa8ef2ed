import * as Sentry from '@sentry/node';
import { reservedPaths } from '../../shared/routing/reserved-paths.ts';
import { IN_PROCESS_TOKEN_HEADER } from '../definition/in-process.ts';
import { isUnmonitoredPath } from './monitoring.ts';
import { contextIntegrations } from './sentry-app-context.ts';
import { type ServerSentryOptions, sharedSentryOptions } from './sentry-shared-options.ts';

/**
 * Starts the full @sentry/node SDK (SENTRY_SDK=full): OpenTelemetry traces every request and adds automatic
 * spans (outgoing http and fetch, pg). It must start before Express is imported (server/process/instrument.ts,
 * loaded with `--import`), as Sentry documents for ESM, so the http and Express instrumentation can hook in.
 */
export function initFullSentry(options: ServerSentryOptions): void {
  const paths = reservedPaths(options.basePath);
  Sentry.init({
    ...sharedSentryOptions(options),
    // Given by name, these replace the SDK's default integrations of the same name (Context among them).
    integrations: [
      ...contextIntegrations(),
      Sentry.httpIntegration({
        // The process's requests to itself (warm-up, prerendered pages' checks) are no visit.
        ignoreIncomingRequests: (path, request) =>
          isUnmonitoredPath(path, paths) || request.headers[IN_PROCESS_TOKEN_HEADER] !== undefined,
        // The SDK attaches request bodies up to 10 kB by default (`medium`): a form post's fields, a
        // password among them, would reach Sentry with every error and transaction of the request.
        maxIncomingRequestBodySize: 'none',
        // Only 404s, as in light mode (beforeSendTransaction): the SDK's default also drops 3xx and 401 to 403,
        // the 303 that ends every form post of a server action among them.
        dropSpansForIncomingRequestStatusCodes: [404],
      }),
      // A span per middleware (ten per request) cost more than the render itself (npm run bench); the
      // transaction already says which route ran and how long it took.
      Sentry.expressIntegration({ ignoreLayersType: ['middleware'] }),
    ],
  });
}

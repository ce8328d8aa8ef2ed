import { httpRequestToRequestData } from '@sentry/core';
import * as Sentry from '@sentry/node-core/light';
import type { Request, Response } from 'express';
import { reservedPaths } from '../../shared/routing/reserved-paths.ts';
import { isUnmonitoredPath } from './monitoring.ts';
import { contextIntegrations } from './sentry-app-context.ts';
import { type ServerSentryOptions, sharedSentryOptions } from './sentry-shared-options.ts';

/**
 * Starts Sentry's lightweight mode (`@sentry/node-core/light`, the default, SENTRY_SDK=light): no
 * OpenTelemetry, so each request pays only for what traceLightRequest below asks of Sentry.
 */
export function initLightSentry(options: ServerSentryOptions): void {
  Sentry.init({
    ...sharedSentryOptions(options),
    // Light mode's http integration isolates incoming requests through a diagnostics channel that Sentry
    // supports from Node 22.12 only; traceLightRequest does it on every version, so the integration would
    // only repeat that work. Outgoing fetch keeps its breadcrumbs and trace headers (nativeNodeFetch).
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'Http' && integration.name !== 'Context'),
      ...contextIntegrations(),
    ],
  });
}

type Answer = () => void;

/**
 * Runs one request in a Sentry isolation scope (breadcrumbs and tags stay with their request), continuing the
 * caller's trace (`sentry-trace`, `baggage`) in a transaction named `GET /path` until the route names it
 * (sentryMonitoring.nameTransaction), ended with the HTTP status when the response closes. Sentry samples it.
 */
export function lightRequestTracer(basePath: string) {
  const paths = reservedPaths(basePath);
  return function traceLightRequest(request: Request, response: Response, answer: Answer): void {
    Sentry.withIsolationScope((isolationScope) => {
      const path = request.path;
      // As the full SDK's http integration: assets, health checks, the tunnel, HEAD and OPTIONS get no transaction.
      if (request.method === 'HEAD' || request.method === 'OPTIONS' || isUnmonitoredPath(path, paths))
        return answer();
      // The isolation scope has started a new trace; a caller's, when there is one, is continued instead.
      const sentryTrace = headerOf(request, 'sentry-trace');
      const inCallersTrace = (callback: () => void) =>
        sentryTrace
          ? Sentry.continueTrace({ sentryTrace, baggage: headerOf(request, 'baggage') }, callback)
          : callback();
      inCallersTrace(() =>
        Sentry.startSpanManual(
          {
            name: `${request.method} ${path}`,
            op: 'http.server',
            attributes: { [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE]: 'url' },
          },
          (span) => {
            // A transaction's request data; an unsampled one is never sent, and errors add theirs when
            // captured (sentryMonitoring.captureException).
            if (span.isRecording())
              isolationScope.setSDKProcessingMetadata({
                normalizedRequest: httpRequestToRequestData(request),
              });
            response.once('close', () => {
              Sentry.setHttpStatus(span, response.statusCode);
              span.end();
            });
            answer();
          },
        ),
      );
    });
  };
}

function headerOf(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

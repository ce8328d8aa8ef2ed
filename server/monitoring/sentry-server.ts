import { httpRequestToRequestData } from '@sentry/core';
import * as Sentry from '@sentry/node-core/light';
import type { SentrySdk } from '../definition/config.ts';
import type { StepObserver } from '../definition/instrumentation.ts';
import { captureRequestErrors, type Monitoring } from './monitoring.ts';
import type { ServerSentryOptions } from './sentry-shared-options.ts';

/**
 * Starts Sentry on the server: its lightweight mode by default (sentry-light.ts), or the full @sentry/node
 * SDK with OpenTelemetry's automatic spans (sentry-full.ts, SENTRY_SDK=full). Called from
 * server/process/instrument.ts, loaded with `--import` before Express, as the full SDK needs.
 */
export async function initServerSentry(options: ServerSentryOptions): Promise<void> {
  if (options.sdk === 'full') (await import('./sentry-full.ts')).initFullSentry(options);
  else (await import('./sentry-light.ts')).initLightSentry(options);
}

/**
 * Monitoring backed by the SDK started above. Both SDKs keep their scopes in @sentry/core, so one set of
 * calls serves either; only the light one needs the request handler to open each request's transaction.
 */
export async function sentryMonitoring(sdk: SentrySdk, basePath: string): Promise<Monitoring> {
  const traceRequest =
    sdk === 'light' ? (await import('./sentry-light.ts')).lightRequestTracer(basePath) : undefined;
  const captureException: Monitoring['captureException'] = (error, facts) =>
    Sentry.withScope((scope) => {
      if (facts.routePattern) scope.setTag('route', facts.routePattern);
      if (facts.locale) scope.setTag('locale', facts.locale);
      // The request's data (method, URL, headers; sentry-event-filters.ts drops cookies and bodies), which
      // light mode sets only on sampled transactions.
      if (facts.request)
        scope.setSDKProcessingMetadata({ normalizedRequest: httpRequestToRequestData(facts.request) });
      return Sentry.captureException(error);
    });
  return {
    traceRequest: traceRequest ?? ((_request, _response, answer) => answer()),
    // Requests' errors reach Sentry through the runtime's instrumentation seam, as an app's service's would.
    instrumentation: { onRequestError: captureRequestErrors(captureException), dataStep: dataStepSpan },
    captureException,
    nameTransaction(name) {
      Sentry.getIsolationScope().setTransactionName(name);
      const active = Sentry.getActiveSpan();
      if (!active) return;
      const root = Sentry.getRootSpan(active);
      // updateSpanName keeps the name through the full SDK's OpenTelemetry name inference but marks it
      // `custom`; it is a route's name, which Sentry groups by as it is, like the browser's.
      Sentry.updateSpanName(root, name);
      root.setAttribute(Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE, 'route');
    },
    traceMeta() {
      const data = Sentry.getTraceData();
      const sentryTrace = data['sentry-trace'];
      return sentryTrace ? { sentryTrace, baggage: data.baggage ?? '' } : undefined;
    },
    untraced: (work) => Sentry.withIsolationScope(() => Sentry.suppressTracing(work)),
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}

/**
 * A span for each data step of a sampled transaction, named by its segment, so a trace shows which step took
 * the time; an unsampled request only checks. No span for the render: it ends with the response, as the
 * transaction does, which Sentry would send without it.
 */
const dataStepSpan: StepObserver = (step, run) =>
  Sentry.getActiveSpan()?.isRecording()
    ? Sentry.startSpan({ name: step.segmentId ?? 'data step', op: 'function.data_step' }, run)
    : run();

import * as Sentry from '@sentry/node';
import { HttpError, isControlSignal } from '../../shared/routing/control-signals.ts';
import { reservedPaths } from '../../shared/routing/reserved-paths.ts';
import { isUnmonitoredPath, type Monitoring } from './monitoring.ts';

export interface ServerSentryOptions {
  dsn: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
  basePath: string;
}

/**
 * Starts @sentry/node. Call it before Express is imported (server/monitoring/instrument.ts, loaded with `--import`),
 * as Sentry documents for ESM, so the http and Express instrumentation can hook in.
 */
export function initServerSentry(options: ServerSentryOptions): void {
  const paths = reservedPaths(options.basePath);
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    tracesSampleRate: options.tracesSampleRate,
    sendDefaultPii: false,
    maxBreadcrumbs: 100,
    integrations: [
      Sentry.httpIntegration({
        ignoreIncomingRequests: (path) => isUnmonitoredPath(path, paths),
        // The SDK attaches request bodies up to 10 kB by default (`medium`): a form post's fields, a
        // password among them, would reach Sentry with every error and transaction of the request.
        maxIncomingRequestBodySize: 'none',
      }),
      // A span per middleware (ten per request) cost more than the render itself (npm run bench); the
      // transaction already says which route ran and how long it took.
      Sentry.expressIntegration({ ignoreLayersType: ['middleware'] }),
    ],
    beforeSend(event, hint) {
      const error = hint.originalException;
      // Expected outcomes are not failures: redirect() and notFound() steer the response, and a 4xx HttpError
      // is about the visitor's request, not our code. A 5xx HttpError (a database outage's 503) is reported.
      if (isControlSignal(error) || (error instanceof HttpError && error.status < 500)) return null;
      return withoutSecrets(event);
    },
    beforeSendTransaction(event) {
      const status = event.contexts?.trace?.data?.['http.response.status_code'];
      if (status === 404) return null;
      return withoutSecrets(event);
    },
  });
}

/** Cookies, auth headers and request bodies (form fields) never leave the server, whatever an integration collected. */
function withoutSecrets<T extends Sentry.Event>(event: T): T {
  if (event.request) {
    delete event.request.cookies;
    delete event.request.data;
    if (event.request.headers) {
      for (const name of Object.keys(event.request.headers)) {
        if (/^(cookie|authorization|x-forwarded-for)$/i.test(name)) delete event.request.headers[name];
      }
    }
  }
  return event;
}

/** Monitoring backed by the @sentry/node SDK started above. */
export const sentryMonitoring: Monitoring = {
  captureException(error, facts) {
    return Sentry.withScope((scope) => {
      if (facts.routePattern) scope.setTag('route', facts.routePattern);
      if (facts.locale) scope.setTag('locale', facts.locale);
      return Sentry.captureException(error);
    });
  },
  nameTransaction(name) {
    Sentry.getIsolationScope().setTransactionName(name);
    const active = Sentry.getActiveSpan();
    if (active) Sentry.updateSpanName(Sentry.getRootSpan(active), name);
  },
  traceMeta() {
    const data = Sentry.getTraceData();
    const sentryTrace = data['sentry-trace'];
    return sentryTrace ? { sentryTrace, baggage: data.baggage ?? '' } : undefined;
  },
  flush: (timeoutMs) => Sentry.flush(timeoutMs),
};

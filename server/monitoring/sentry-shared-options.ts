import type { ErrorEvent, Event, EventHint } from '@sentry/node-core/light';
import { HttpError, isControlSignal } from '../../shared/routing/control-signals.ts';
import type { SentrySdk } from '../definition/config.ts';

export interface ServerSentryOptions {
  dsn: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
  basePath: string;
  sdk: SentrySdk;
}

/**
 * What either SDK (sentry-light.ts, sentry-full.ts) is told: where and as which release to report, 100
 * breadcrumbs, no personal data, a kept-alive connection to Sentry, and the filters below.
 */
export function sharedSentryOptions(options: ServerSentryOptions) {
  return {
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    tracesSampleRate: options.tracesSampleRate,
    sendDefaultPii: false,
    maxBreadcrumbs: 100,
    // At the default sample rate a busy server sends several envelopes a second: one kept-alive connection
    // instead of a TCP connection (and its handshake) per envelope.
    transportOptions: { keepAlive: true },
    ...serverEventFilters,
  };
}

/** No expected outcome as an error, no 404 transaction, and no secret in either. */
const serverEventFilters = {
  beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
    const error = hint.originalException;
    // Expected outcomes are not failures: redirect() and notFound() steer the response, and a 4xx HttpError
    // is about the visitor's request, not our code. A 5xx HttpError (a database outage's 503) is reported.
    if (isControlSignal(error) || (error instanceof HttpError && error.status < 500)) return null;
    return withoutSecrets(event);
  },
  beforeSendTransaction<T extends Event>(event: T): T | null {
    const status = event.contexts?.trace?.data?.['http.response.status_code'];
    if (status === 404) return null;
    return withoutSecrets(event);
  },
};

/** Cookies, auth headers and request bodies (form fields) never leave the server, whatever an integration collected. */
function withoutSecrets<T extends Event>(event: T): T {
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

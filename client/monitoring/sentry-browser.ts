import * as Sentry from '@sentry/browser';
import { isControlSignal } from '../../shared/routing/control-signals.ts';
import type { BrowserSentryConfig } from '../../shared/ui/ssr-payload.ts';
import type { NavigationMonitor } from '../navigation/navigation-monitor.ts';

/** Attribute that marks a navigation span as completed; spans without it are dropped before sending. */
const OUTCOME_ATTRIBUTE = 'navigation.outcome';
/** Attribute with the HTTP status of the page a pageload span measured. */
const PAGE_STATUS_ATTRIBUTE = 'page.status';

export interface BrowserMonitoring extends NavigationMonitor {
  /** Reports an error the page's error boundary caught, tagged with the route. */
  reportRenderError(error: unknown, routePattern: string | undefined): void;
}

export interface PageloadFacts {
  routePattern: string | undefined;
  status: number;
  trace: { sentryTrace: string; baggage: string } | null;
}

/**
 * Starts @sentry/browser with tracing driven by our router: a pageload span continuing the server's trace,
 * one navigation span per navigation (named by route pattern), web vitals on the pageload, events through
 * our own tunnel. This module is its own chunk, downloaded only when the server sends a DSN.
 */
export function startBrowserSentry(config: BrowserSentryConfig, pageload: PageloadFacts): BrowserMonitoring {
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: config.tracesSampleRate,
    tunnel: config.tunnel,
    maxBreadcrumbs: 100,
    integrations: [
      Sentry.browserTracingIntegration({
        instrumentPageLoad: false,
        instrumentNavigation: false,
        // No span per file a stylesheet loads (the storefront's drawings): Chromium gives all keepalive
        // requests of a page 64 KiB, and a pageload envelope that big made the next envelope vanish.
        ignoreResourceSpans: ['resource.css'],
      }),
    ],
    beforeSend(event, hint) {
      // redirect() and notFound() are control flow, not failures.
      return isControlSignal(hint.originalException) ? null : event;
    },
    beforeSendTransaction(event) {
      const data = event.contexts?.trace?.data ?? {};
      const op = event.contexts?.trace?.op;
      // Superseded, aborted and full-load navigations did not complete: their timings would mislead.
      if (op === 'navigation' && data[OUTCOME_ATTRIBUTE] !== 'committed') return null;
      if (op === 'pageload' && data[PAGE_STATUS_ATTRIBUTE] === 404) return null;
      return event;
    },
  });
  const client = Sentry.getClient();
  const spans = new Map<number, Sentry.Span>();
  if (client) {
    Sentry.startBrowserTracingPageLoadSpan(
      client,
      {
        name: pageload.routePattern ?? `${pageload.status}`,
        attributes: {
          [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE]: 'route',
          [PAGE_STATUS_ATTRIBUTE]: pageload.status,
        },
      },
      pageload.trace
        ? { sentryTrace: pageload.trace.sentryTrace, baggage: pageload.trace.baggage }
        : undefined,
    );
  }

  return {
    navigationStarted(token, _url, routePattern) {
      if (!client) return;
      const span = Sentry.startBrowserTracingNavigationSpan(client, {
        name: routePattern ?? 'unknown route',
        attributes: { [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE]: routePattern ? 'route' : 'url' },
      });
      if (span) spans.set(token, span);
    },
    navigationEnded(token, outcome) {
      const span = spans.get(token);
      spans.delete(token);
      if (!span) return;
      span.setAttribute(OUTCOME_ATTRIBUTE, outcome);
      // A committed navigation's idle span ends by itself once the new page settles; the others end now.
      if (outcome !== 'committed') span.end();
    },
    measureChunk(token, routePattern, load) {
      const parent = spans.get(token);
      if (!parent) return load();
      return Sentry.withActiveSpan(parent, () =>
        Sentry.startSpan({ name: `route chunk ${routePattern ?? ''}`.trim(), op: 'resource.script' }, load),
      );
    },
    reportRenderError(error, routePattern) {
      Sentry.withScope((scope) => {
        if (routePattern) scope.setTag('route', routePattern);
        Sentry.captureException(error);
      });
    },
  };
}

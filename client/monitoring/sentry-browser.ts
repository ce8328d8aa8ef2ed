import * as Sentry from '@sentry/browser';
import type { BrowserSentryConfig } from '../../shared/ui/ssr-payload.ts';
import type { NavigationMonitor } from '../navigation/navigation-monitor.ts';
import { withoutControlSignals } from './control-signal-filter.ts';

/** Attribute that marks a navigation span as completed; spans without it are dropped before sending. */
const OUTCOME_ATTRIBUTE = 'navigation.outcome';

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
  initSentry(config);
  const client = Sentry.getClient();
  const spans = new Map<number, Sentry.Span>();
  // The 404 page's pageload is not measured: visits to missing URLs would skew the pages' timings. An error
  // page has no route pattern and is named by its status.
  if (client && pageload.status !== 404) {
    Sentry.startBrowserTracingPageLoadSpan(
      client,
      {
        name: pageload.routePattern ?? `${pageload.status}`,
        attributes: { [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE]: 'route' },
      },
      pageload.trace ?? undefined,
    );
  }

  return {
    navigationStarted(token, routePattern, chunk) {
      if (!client) return;
      const span = Sentry.startBrowserTracingNavigationSpan(client, {
        name: routePattern ?? 'unknown route',
        attributes: { [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE]: routePattern ? 'route' : 'url' },
      });
      if (!span) return;
      spans.set(token, span);
      // Named by its navigation, whose child it is.
      Sentry.withActiveSpan(span, () =>
        Sentry.startSpan({ name: 'route chunk', op: 'resource.script' }, () => chunk),
      ).catch(() => {});
    },
    navigationEnded(token, outcome) {
      const span = spans.get(token);
      spans.delete(token);
      span?.setAttribute(OUTCOME_ATTRIBUTE, outcome);
      // The navigation ends when its page is on screen. Left to idle, the span would take in the new page's
      // prefetches and stay open (up to Sentry's 30 s final timeout) while they keep coming.
      span?.end();
    },
    reportRenderError(error, routePattern) {
      // An undefined tag is left out of the event.
      Sentry.captureException(error, { tags: { route: routePattern } });
    },
  };
}

/** Sentry's own tracing of page loads and navigations is off: our router starts those spans. */
function initSentry(config: BrowserSentryConfig): void {
  Sentry.init({
    // dsn, environment, release, tracesSampleRate and tunnel, under Sentry's own option names.
    ...config,
    maxBreadcrumbs: 100,
    integrations: [
      Sentry.browserTracingIntegration({
        instrumentPageLoad: false,
        instrumentNavigation: false,
        // No span per file a stylesheet loads (an app's images and fonts may be dozens): Chromium gives all
        // keepalive requests of a page 64 KiB, and a pageload envelope that big makes the next one vanish.
        ignoreResourceSpans: ['resource.css'],
      }),
    ],
    beforeSend: withoutControlSignals,
    beforeSendTransaction(event) {
      const trace = event.contexts?.trace;
      // Superseded, aborted and full-load navigations did not complete: their timings would mislead.
      return trace?.op === 'navigation' && trace.data?.[OUTCOME_ATTRIBUTE] !== 'committed' ? null : event;
    },
  });
}

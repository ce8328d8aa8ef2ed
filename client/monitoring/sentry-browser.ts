import * as Sentry from '@sentry/browser';
import type { ClientInstrumentation } from '../../shared/ui/client-instrumentation.ts';
import type { BrowserSentryConfig } from '../../shared/ui/ssr-payload.ts';
import { withoutControlSignals } from './control-signal-filter.ts';

/** Attribute that marks a navigation span as completed; spans without it are dropped before sending. */
const OUTCOME_ATTRIBUTE = 'navigation.outcome';

export interface BrowserMonitoring {
  /** Sentry's navigation spans, as the router's observer (docs/instrumentation.md). */
  instrumentation: ClientInstrumentation;
  /** Reports an error the page's error boundary caught, tagged with the route. */
  reportRenderError(error: unknown, routePattern: string | undefined): void;
}

export interface PageloadFacts {
  routePattern: string | undefined;
  status: number;
}

/**
 * Starts @sentry/browser with tracing driven by our router: a pageload span continuing the server's trace,
 * one navigation span per navigation (named by route pattern), web vitals on the pageload, events through
 * our own tunnel. This module is its own chunk, downloaded only when the server sends a DSN.
 */
export function startBrowserSentry(config: BrowserSentryConfig, pageload: PageloadFacts): BrowserMonitoring {
  initSentry(config);
  const client = Sentry.getClient();
  /** The navigation under way: its route loads' code chunks are measured inside it. */
  let navigating: Sentry.Span | undefined;
  // The 404 page's pageload is not measured: visits to missing URLs would skew the pages' timings. An error
  // page has no route pattern and is named by its status.
  if (client && pageload.status !== 404) {
    // It continues the server's trace, which Sentry reads from the page's `sentry-trace` and `baggage` meta tags.
    Sentry.startBrowserTracingPageLoadSpan(client, {
      name: pageload.routePattern ?? `${pageload.status}`,
      attributes: { [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE]: 'route' },
    });
  }

  return {
    instrumentation: {
      navigation({ routePattern }, run) {
        if (!client) return;
        const span = Sentry.startBrowserTracingNavigationSpan(client, {
          name: routePattern ?? 'unknown route',
          attributes: { [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_SOURCE]: routePattern ? 'route' : 'url' },
        });
        if (!span) return;
        navigating = span;
        return run().then(({ outcome }) => {
          if (navigating === span) navigating = undefined;
          span.setAttribute(OUTCOME_ATTRIBUTE, outcome);
          // The navigation ends when its page is on screen. Left to idle, the span would take in the new
          // page's prefetches and stay open (up to Sentry's 30 s final timeout) while they keep coming.
          span.end();
        });
      },
      routeLoad({ code }) {
        // Named by its navigation, whose child it is (a refresh's load is no navigation's).
        if (!navigating) return;
        Sentry.withActiveSpan(navigating, () =>
          Sentry.startSpan({ name: 'route chunk', op: 'resource.script' }, () => code),
        ).catch(() => {});
      },
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

import '../shared/ui/runtime.css';
import { hydrateRoot } from 'react-dom/client';
import { debugRoutes } from '../shared/debug/routes.ts';
import { createRouteMatcher } from '../shared/routing/route-matcher.ts';
import { storefront } from '../shared/storefront/app.ts';
import { SSR_PAYLOAD_GLOBAL, type SsrPayload } from '../shared/ui/ssr-payload.ts';
import { ClientApp } from './client-app.tsx';
import { reviveDeferredData, settleFromInlineScripts } from './deferred-data.ts';
import { createRouter, type ShownPage } from './navigation/router.ts';
import routePatterns from './route-patterns.ts';

declare global {
  interface Window {
    [SSR_PAYLOAD_GLOBAL]?: SsrPayload;
  }
}

// The server's table, ranked and compiled to regular expressions at build time; matched by the same code.
const routes = createRouteMatcher([...storefront.routes, ...debugRoutes], routePatterns);

/** Hydrates the server-rendered document, then hands navigation to the client router. */
async function start(payload: SsrPayload) {
  const { page } = payload;
  // The locale's module was preloaded with the page (modulepreload), so this waits on no extra round trip.
  const localeLoaded = storefront.loadLocale?.(payload.locale);
  let initialPage: ShownPage = { payload, Page: null };
  if (page.type === 'route') {
    const route = routes.byId(page.routeId);
    if (!route)
      throw new Error(`The server rendered route "${page.routeId}", which this bundle does not know`);
    const revived = reviveDeferredData(page.data);
    settleFromInlineScripts(revived);
    initialPage = {
      payload: { ...payload, page: { ...page, data: revived.data } },
      Page: (await route.page()).default,
    };
  }
  await localeLoaded;
  // Sentry is its own chunk: without a DSN it is never downloaded.
  const monitoring = payload.sentry
    ? (await import('./monitoring/sentry-browser.ts')).startBrowserSentry(payload.sentry, {
        routePattern: page.type === 'route' ? routes.byId(page.routeId)?.path : undefined,
        status: page.type === 'route' ? 200 : page.status,
        trace: payload.trace,
      })
    : undefined;
  const router = createRouter({ routes, initialPage, monitor: monitoring });
  router.start();
  const reportRenderError = (error: unknown) => {
    const shown = router.getSnapshot().page.payload.page;
    monitoring?.reportRenderError(
      error,
      shown.type === 'route' ? routes.byId(shown.routeId)?.path : undefined,
    );
  };
  const app = (
    <ClientApp app={storefront} router={router} onHydrated={markHydrated} onRenderError={reportRenderError} />
  );
  hydrateRoot(document, app, {
    onRecoverableError: (error) => console.error('Hydration fell back to client rendering:', error),
  });
}

/** A visible marker that the page is interactive, for people debugging and for browser tests. */
function markHydrated() {
  document.documentElement.dataset.hydrated = 'true';
}

// Hydrate only when the server's payload marker is there (not on a plain error page).
const payload = window[SSR_PAYLOAD_GLOBAL];
if (payload) void start(payload);

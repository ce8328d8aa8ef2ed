import '../shared/ui/runtime.css';
import app from 'virtual:ssr-app';
import routePatterns from 'virtual:ssr-route-patterns';
import { startTransition, useEffect, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { compileLocales } from '../shared/routing/locale.ts';
import { createRouteMatcher } from '../shared/routing/route-matcher.ts';
import type { RouteNode } from '../shared/routing/route-table.ts';
import { AppRoot } from '../shared/ui/app-root.tsx';
import { NavigationContext } from '../shared/ui/navigation-context.ts';
import { type PageState, SSR_PAYLOAD_GLOBAL, type SsrPayload } from '../shared/ui/ssr-payload.ts';
import { reviveSegments, settleFromInlineScripts } from './deferred-data.ts';
import { modulesOf } from './navigation/route-resources.ts';
import { createRouter } from './navigation/router.ts';

declare global {
  interface Window {
    [SSR_PAYLOAD_GLOBAL]?: SsrPayload;
  }
}

/** The app's locales, compiled from its definition as the server compiles them (the build checked them). */
const locales = compileLocales(app.locales);

export type ClientRouter = ReturnType<typeof createRouter>;

export interface StartOptions {
  /** Also told of every error a route's boundary catches (dev mode's overlay). */
  onRenderError?: (error: unknown) => void;
}

/**
 * Hydrates the server-rendered document, then hands navigation to the client router; resolves with the
 * router. client/entry.tsx calls it in production, build/dev/client-entry.tsx in dev mode.
 */
export async function startClient(payload: SsrPayload, options: StartOptions = {}): Promise<ClientRouter> {
  const { page } = payload;
  // The locale's module was preloaded with the page (modulepreload), so this waits on no extra round trip.
  const localeLoaded = app.loadLocale?.(payload.locale);
  // The server's tree, its patterns compiled at build time (debug routes' too: the matcher leaves out
  // those not in the tree). Debug routes join, from a chunk of their own, only when the server serves them.
  const root: RouteNode = payload.debugRoutes
    ? (await import('../shared/debug/routes.ts')).withDebugRoutes(app.root, true)
    : app.root;
  const routes = createRouteMatcher([root], routePatterns);
  /** The route pattern of a page (`/products/:id`), which monitoring names spans and errors by. */
  const patternOf = (page: PageState) => (page.type === 'route' ? routes.pathOf(page.routeId) : undefined);
  const { segments, revived } = reviveSegments(page.segments);
  settleFromInlineScripts(revived);
  // The segments' chunks were preloaded with the page (modulepreload).
  const initialPage = {
    payload: { ...payload, page: { ...page, segments } },
    modules: await modulesOf(routes, segments),
  };
  await localeLoaded;
  // Sentry is its own chunk: without a DSN it is never downloaded.
  const monitoring = payload.sentry
    ? (await import('./monitoring/sentry-browser.ts')).startBrowserSentry(payload.sentry, {
        routePattern: patternOf(page),
        status: page.type === 'route' ? 200 : page.status,
      })
    : undefined;
  const router = createRouter({
    routes,
    locales,
    initialPage,
    // Sentry's observer first: its navigation span is open while the app's observers run.
    observers: [monitoring?.instrumentation, ...(app.instrumentations ?? [])],
    viewTransitions: app.viewTransitions,
  });
  router.start();
  const reportRenderError = (error: unknown) => {
    options.onRenderError?.(error);
    monitoring?.reportRenderError(error, patternOf(router.getSnapshot().payload.page));
  };
  hydrateApp(router, reportRenderError);
  return router;
}

/**
 * Hydrates the document with the browser's React root: the server's tree, driven by the client router's
 * state. In a transition, React hydrates in slices it yields between (a plain hydrateRoot is one blocking
 * task): the page stays responsive, and an input during hydration makes React hydrate its target at once.
 */
function hydrateApp(router: ClientRouter, onRenderError: (error: unknown) => void): void {
  function ClientApp() {
    const snapshot = useSyncExternalStore(router.subscribe, router.getSnapshot, router.getSnapshot);
    useVisitorsOwnData(router, snapshot.payload.page);
    return (
      <NavigationContext value={router.navigator}>
        <AppRoot app={app} locales={locales} {...snapshot} onRenderError={onRenderError} />
      </NavigationContext>
    );
  }
  startTransition(() => {
    hydrateRoot(document, <ClientApp />, {
      onRecoverableError: (error) => console.error('Hydration fell back to client rendering:', error),
    });
  });
}

/**
 * A page every visitor shares left out what is this visitor's (a cart count): asks for it once hydrated, and
 * marks the document hydrated once the page on screen has all its data, the visitor's own included: a
 * visible marker that the page is interactive, for people debugging and for browser tests.
 */
function useVisitorsOwnData(router: ClientRouter, shown: PageState): void {
  const complete = shown.type !== 'route' || !shown.later;
  useEffect(() => {
    if (complete) document.documentElement.dataset.hydrated = 'true';
    else router.hydrated();
  }, [router, complete]);
}

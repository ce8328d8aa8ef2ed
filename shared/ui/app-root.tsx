import { type ComponentType, useEffect } from 'react';
import { buildHref } from '../routing/href.ts';
import type { PageProps } from '../routing/route-table.ts';
import type { AppDefinition } from './app-definition.ts';
import { Document } from './document.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorPage } from './error-page.tsx';
import { NavigationStatus } from './navigation-status.tsx';
import { RouterContext, type RouterState } from './router-context.tsx';
import type { SsrPayload } from './ssr-payload.ts';

export interface AppRootProps {
  app: AppDefinition;
  /** The payload with live data: deferred values are promises here. */
  payload: SsrPayload;
  /** The loaded page component of `payload.page` when it is a route. */
  // biome-ignore lint/suspicious/noExplicitAny: the page's data type is only known to the page itself.
  Page: ComponentType<PageProps<any>> | null;
  /** Called once in the browser after hydration (effects never run on the server). */
  onHydrated?: () => void;
  /** A client navigation is pending (drives the progress bar). */
  navigating?: boolean;
  /** The title of the page a client navigation just showed, for the live region. */
  announcement?: string;
  /** Called once for a render error the page's error boundary caught (monitoring hooks in here). */
  onRenderError?: (error: unknown) => void;
}

/** The root of the React tree, identical on server and client so hydration matches. */
export function AppRoot({
  app,
  payload,
  Page,
  onHydrated,
  navigating = false,
  announcement = '',
  onRenderError,
}: AppRootProps) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  const { page, basePath, locale } = payload;
  const router: RouterState = {
    basePath,
    locale,
    buildId: payload.buildId,
    pathname: payload.url.pathname,
    search: payload.url.search,
    routeId: page.type === 'route' ? page.routeId : null,
    params: page.type === 'route' ? page.params : {},
    actionResult: page.type === 'route' ? page.actionResult : undefined,
    layout: payload.layout,
  };
  const { Layout } = app;
  return (
    <RouterContext.Provider value={router}>
      <Document lang={locale} head={page.head} assets={payload.assets} icon={app.icon} trace={payload.trace}>
        <Layout>
          {page.type === 'route' && Page ? (
            <ErrorBoundary
              fallback={<ErrorPage />}
              resetKey={`${router.pathname}${router.search}`}
              onError={onRenderError}
            >
              <Page data={page.data} params={page.params} locale={locale} />
            </ErrorBoundary>
          ) : (
            <ErrorPage
              title={page.type === 'error' ? page.head.title : undefined}
              homeHref={buildHref(basePath, locale, '/')}
              eventId={page.type === 'error' ? page.eventId : undefined}
            />
          )}
        </Layout>
        <NavigationStatus navigating={navigating} announcement={announcement} />
      </Document>
    </RouterContext.Provider>
  );
}

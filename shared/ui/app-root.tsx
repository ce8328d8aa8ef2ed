import { urlOf } from '../routing/href.ts';
import type { Locales } from '../routing/locale.ts';
import type { AppDefinition } from './app-definition.ts';
import { documentHead } from './document.tsx';
import { errorPage } from './error-page.tsx';
import { RouterContext, type RouterState } from './router-context.tsx';
import { type PendingSegment, SegmentTree, type ShownSegment } from './segment-tree.tsx';
import type { PageState, SsrPayload } from './ssr-payload.ts';

type RoutePage = Extract<PageState, { type: 'route' }>;

export interface AppRootProps {
  app: AppDefinition;
  /** The app's locales, compiled once per app (createLocales(app.locales)) by the server and by the browser. */
  locales: Locales;
  /** The payload with live data: deferred values are promises here. */
  payload: SsrPayload;
  /** The loaded module of each segment in `payload.page.segments`, in the same order. */
  modules: ShownSegment['module'][];
  /** A client navigation is pending (drives the progress bar). */
  navigating?: boolean;
  /** A slow client navigation's pending component, in place of the first segment it changes. */
  pending?: PendingSegment;
  /** The title of the page a client navigation just showed, for the live region. */
  announcement?: string;
  /** Called once for a render error an error boundary caught (monitoring hooks in here). */
  onRenderError?: (error: unknown) => void;
}

/**
 * The root of the React tree in the browser: the whole document, so `<title>`, meta tags and `<html lang>`
 * follow the route on client navigation. The server writes `<html>` and the whole `<head>` as text
 * (server/render/document-frame.ts) and renders only `appBody` with React: the browser hydrates the same
 * nodes either way.
 */
export function AppRoot(props: AppRootProps) {
  const { app, payload } = props;
  return (
    <html lang={payload.locale}>
      {documentHead(payload.page.head, app.icon)}
      <body>{appBody(props)}</body>
    </html>
  );
}

/**
 * What `<body>` holds, identical on server and client so hydration matches. A plain function, not a
 * component: AppRoot calls it in place, and the server renders its element as the root.
 */
export function appBody(props: AppRootProps) {
  const { locales, payload, modules, navigating = false, announcement } = props;
  const { page, basePath, locale } = payload;
  const { routeId, params = {}, actionResult }: Partial<RoutePage> = page.type === 'route' ? page : {};
  const router: RouterState = {
    basePath,
    locales,
    locale,
    buildId: payload.buildId,
    ...payload.url,
    routeId: routeId ?? null,
    params,
    actionResult,
  };
  const segments = page.segments.map((state, index) => ({ state, module: modules[index] ?? {} }));
  return (
    <RouterContext value={router}>
      {/* The tree takes `pending` and `onRenderError` from these props. */}
      <SegmentTree
        {...props}
        segments={segments}
        params={params}
        locale={locale}
        leaf={
          page.type === 'error' ? errorPage(page.head.title, urlOf('/', router), page.eventId) : undefined
        }
        fallback={errorPage()}
        resetKey={router.pathname + router.search}
      />
      {/* The visible and audible side of a client navigation: a thin progress bar (CSS shows it only after
        the navigation has been pending for ~150 ms, so fast navigations never flash it) and a visually
        hidden live region that reads the new page's title, as a screen reader would on a full load. */}
      <div className="navigation-progress" data-active={navigating} aria-hidden />
      <div aria-live="assertive" aria-atomic data-route-announcer="">
        {announcement}
      </div>
    </RouterContext>
  );
}

import { hydrateRoot } from 'react-dom/client';
import { debugRoutes } from '../shared/debug/routes.ts';
import { storefront } from '../shared/storefront/app.ts';
import { AppRoot } from '../shared/ui/app-root.tsx';
import { SSR_PAYLOAD_GLOBAL, type SsrPayload } from '../shared/ui/ssr-payload.ts';
import { reviveDeferredData, settleFromInlineScripts } from './deferred-data.ts';

declare global {
  interface Window {
    [SSR_PAYLOAD_GLOBAL]?: SsrPayload;
  }
}

/** Hydrates the server-rendered document; without the server's payload marker there is nothing to hydrate. */
async function start(payload: SsrPayload) {
  const { page } = payload;
  let Page = null;
  if (page.type === 'route') {
    const route = [...storefront.routes, ...debugRoutes].find((candidate) => candidate.id === page.routeId);
    if (!route)
      throw new Error(`The server rendered route "${page.routeId}", which this bundle does not know`);
    Page = (await route.page()).default;
    const revived = reviveDeferredData(page.data);
    settleFromInlineScripts(revived);
    payload = { ...payload, page: { ...page, data: revived.data } };
  }
  hydrateRoot(
    document,
    <AppRoot app={storefront} payload={payload} Page={Page} onHydrated={markHydrated} />,
    {
      onRecoverableError: (error) => console.error('Hydration fell back to client rendering:', error),
    },
  );
}

/** A visible marker that the page is interactive, for people debugging and for browser tests. */
function markHydrated() {
  document.documentElement.dataset.hydrated = 'true';
}

const payload = window[SSR_PAYLOAD_GLOBAL];
if (payload) void start(payload);

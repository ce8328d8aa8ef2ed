// Dev mode's browser entry: the client as client/entry.tsx starts it, with the router handed to the refresh
// runtime (build/dev/refresh-runtime.mjs, which the dev proxy loads first) and caught render errors to the
// overlay.
import { type ClientRouter, startClient } from '../../client/start.tsx';
import { SSR_PAYLOAD_GLOBAL } from '../../shared/ui/ssr-payload.ts';

declare global {
  interface Window {
    __ssrDevRefresh: { router: ClientRouter | null };
    /** Set by the reload script (build/dev/reload-script.js): shows an error in the overlay. */
    __ssrDevShowError?: (error: unknown) => void;
  }
}

const payload = window[SSR_PAYLOAD_GLOBAL];
if (payload) {
  const dev = window.__ssrDevRefresh;
  void startClient(payload, { onRenderError: (error) => window.__ssrDevShowError?.(error) }).then(
    (router) => {
      dev.router = router;
    },
  );
}

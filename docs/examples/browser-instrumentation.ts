import type { AppDefinition, ClientInstrumentation } from '#runtime/shared';
import { basketRoutes } from './basket-routes.ts';

// #region navigation-timing
/** Sends how long each completed client navigation took, by route pattern. */
export function navigationTimes(send: (body: string) => void): ClientInstrumentation {
  return {
    async navigation({ routePattern }, run) {
      const started = performance.now();
      const { outcome } = await run();
      if (outcome === 'committed') send(JSON.stringify({ routePattern, ms: performance.now() - started }));
    },
  };
}

export const timedBasketApp: AppDefinition = {
  root: basketRoutes,
  locales: { list: ['en'], default: 'en' },
  instrumentations: [navigationTimes((body) => navigator.sendBeacon('/metrics', body))],
};
// #endregion navigation-timing

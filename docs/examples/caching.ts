import type { CachePolicies, DataStepsOf, ServerAppDefinition } from '#runtime/server';
import type { basketRoutes } from './basket-routes.ts';

/** What the basket cookie holds: the ids of the visitor's lines, comma-separated. */
const linesOf = (cookie: string | undefined) => (cookie ? cookie.split(',') : []);

// #region cache-policies
const CATALOGUE = { sMaxAge: 60, staleWhileRevalidate: 600 }; // seconds

export const cache = {
  root: 'per-visitor', // the header's basket count: left out of shared pages, fetched after hydration
  offers: CATALOGUE,
  // basket: no policy, so its pages are private and the root's count is rendered on the server
} satisfies CachePolicies;

export const dataSteps = {
  root: ({ cookies }) => ({ basketCount: linesOf(cookies.basket).length }),
  offers: () => ({ lines: ['Chef knife', 'Bread board'] }),
  basket: ({ cookies }) => ({ lines: linesOf(cookies.basket) }),
} satisfies DataStepsOf<typeof basketRoutes>;
// #endregion cache-policies

/** The example's server side: its data steps and their cache policies. */
export const cachingServer: ServerAppDefinition = { dataSteps, cache };

// #region vary-by
/** The offers in the reader's language: public still, one shared copy per `Accept-Language` value. */
export const offersByLanguage = {
  cache: { ...cache, offers: { ...CATALOGUE, varyBy: ['accept-language'] } },
  dataSteps: {
    ...dataSteps,
    offers: ({ headers }) => ({
      lines: String(headers['accept-language']).startsWith('fr') ? ['Couteau de chef'] : ['Chef knife'],
    }),
  },
} satisfies ServerAppDefinition;
// #endregion vary-by

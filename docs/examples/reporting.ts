import type { DataStepsOf, ServerAppDefinition } from '#runtime/server';
import { HttpError, notFound } from '#runtime/shared';
import type { basketRoutes } from './basket-routes.ts';

// #region what-is-reported
export const dataSteps = {
  root: () => ({ basketCount: 0 }),
  // A 404 page: an expected answer, never reported.
  offers: () => notFound(),
  // A 4xx HttpError: the visitor's request was wrong, not our code. The 409 page, not reported.
  basket: () => {
    throw new HttpError(409, 'This basket was already ordered');
  },
} satisfies DataStepsOf<typeof basketRoutes>;

export const brokenOffers = {
  // Anything else: the 500 page, logged and reported once (Sentry when SENTRY_DSN is set).
  offers: () => {
    throw new Error('catalogue query failed');
  },
} satisfies DataStepsOf<typeof basketRoutes>;
// #endregion what-is-reported

/** The example's server side, every step answering an error. */
export const reportingServer: ServerAppDefinition = { dataSteps };

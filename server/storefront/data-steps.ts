import type { DataSteps } from '../data-step.ts';

/** The storefront's server data steps, keyed by route id. */
export const storefrontDataSteps: DataSteps = {};

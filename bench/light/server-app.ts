import type { DataOfSteps, DataStepsOf, ServerAppDefinition } from '#runtime/server';
import type { lightRoutes } from './routes.ts';
import { LIGHT_ROWS } from './rows.ts';

// #region light-data-steps
const dataSteps = {
  products: () => ({ rows: LIGHT_ROWS }),
} satisfies DataStepsOf<typeof lightRoutes>;

declare module './routes.ts' {
  interface LightData extends DataOfSteps<typeof dataSteps> {}
}
// #endregion light-data-steps

/** The light page's data step: the 50 products. */
const lightServerApp: ServerAppDefinition = { dataSteps };
export default lightServerApp;

import type { DataOfSteps, DataStepsOf, ServerAppDefinition } from '#runtime/server';
import { notFound } from '#runtime/shared';
import { productPageOf } from './product-pages.ts';
import type { productLikeRoutes } from './routes.ts';

const dataSteps = {
  product: ({ params }) => productPageOf(params.sku) ?? notFound(),
} satisfies DataStepsOf<typeof productLikeRoutes>;

declare module './routes.ts' {
  interface ProductLikeData extends DataOfSteps<typeof dataSteps> {}
}

/** The product-like page's data step: the product of the URL and the 50 products of its table. */
const productLikeServerApp: ServerAppDefinition = { dataSteps };
export default productLikeServerApp;

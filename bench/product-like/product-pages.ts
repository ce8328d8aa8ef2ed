import { LIGHT_ROWS, type LightRow } from '../light/rows.ts';

/** One product of the product-like page, with what its page says about it. */
export interface ProductDetails extends LightRow {
  description: string[];
}

/** What the product-like page renders: the product, and the table of 50 products that each link to theirs. */
export interface ProductPage {
  product: ProductDetails;
  related: readonly LightRow[];
}

const describe = (row: LightRow): string[] => [
  `The ${row.name} is made for everyday use in the ${row.category.toLowerCase()}: solid, simple to care for, and built to last for years.`,
  `Each piece is finished by hand, so no two are quite alike. Ships in recycled packaging within two working days; returns are free for 30 days.`,
  `Care: wipe clean with a damp cloth and dry at once. Keep it away from direct heat. Spare parts and repairs are available for ten years from the date of purchase, at cost.`,
];

/**
 * Every product's page by SKU, built once per process: the page's data, like the light page's rows, not
 * runtime code, so both servers of the pair share it.
 */
const PAGES = new Map<string, ProductPage>(
  LIGHT_ROWS.map((row) => [
    row.sku,
    { product: { ...row, description: describe(row) }, related: LIGHT_ROWS },
  ]),
);

/** The page of the product `sku`, or undefined for an unknown one. */
export const productPageOf = (sku: string): ProductPage | undefined => PAGES.get(sku);

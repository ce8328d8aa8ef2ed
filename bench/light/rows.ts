/** One row of the light page's product table. */
export interface LightRow {
  sku: string;
  name: string;
  category: string;
  priceCents: number;
  stock: number;
}

const CATEGORIES = ['Kitchen', 'Home', 'Garden', 'Desk', 'Bath'];
const NOUNS = ['knife', 'pan', 'lamp', 'vase', 'trowel', 'pen', 'towel', 'board', 'jar', 'basket'];
const ADJECTIVES = ['Oak', 'Brass', 'Linen', 'Stoneware', 'Copper'];

/**
 * The light page's data: 50 products, the same on every request (built once per process). Both servers of
 * the light pair render it; it is the page, not runtime code, so sharing it keeps the comparison fair.
 */
export const LIGHT_ROWS: readonly LightRow[] = Array.from({ length: 50 }, (_, index) => ({
  sku: `sku-${String(index + 1).padStart(3, '0')}`,
  name: `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[index % NOUNS.length]} ${index + 1}`,
  category: CATEGORIES[index % CATEGORIES.length] as string,
  priceCents: 990 + ((index * 731) % 15_000),
  stock: (index * 17) % 40,
}));

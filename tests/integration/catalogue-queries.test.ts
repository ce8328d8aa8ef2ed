import { describe, expect, it } from 'vitest';
import {
  allCategoryPaths,
  allProducts,
  categoryTreeLinks,
  findCategory,
  findProductDetail,
  relatedProducts as relatedInMemory,
} from '../../server/storefront/catalogue.ts';
import {
  catalogueIndex,
  categoryCrumbs,
  categoryTree,
  productDetail,
  productsUnder,
  relatedProducts,
} from '../../server/storefront/db/catalogue-queries.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

const engines = await databaseEngines();

// The pages read the TypeScript catalogue today; the database must answer the same (in English, where both
// have the same names) before the pages switch to it.
describe.each(engines)('the catalogue queries on %s', (_name, open) => {
  const database = useMigratedDatabase(open);

  it('finds each product as its page shows it, and nothing for an unknown id', async () => {
    const db = database();
    for (const { id } of allProducts)
      expect(await productDetail(db, id, 'en')).toEqual(findProductDetail(id, 'en'));
    expect(await productDetail(db, 'no-such-product', 'en')).toBeUndefined();
    expect((await productDetail(db, 'chef-knife-20cm', 'de'))?.categoryName).toBe('Messer');
  });

  it('lists the products at and below each category, and all of them for the whole shop', async () => {
    const db = database();
    expect(await productsUnder(db, null, 'en')).toEqual(allProducts);
    for (const path of allCategoryPaths) {
      expect(await productsUnder(db, path, 'en'), path).toEqual(findCategory(path)?.products);
    }
  });

  it('builds breadcrumbs, the category tree with counts, related products and the sitemap index', async () => {
    const db = database();
    for (const path of allCategoryPaths) {
      expect(await categoryCrumbs(db, path, 'fr'), path).toEqual(findCategory(path)?.crumbs.fr);
    }
    expect(await categoryCrumbs(db, 'no/such', 'en')).toEqual([]);
    for (const locale of ['en', 'fr', 'de'] as const) {
      expect(await categoryTree(db, locale)).toEqual(categoryTreeLinks[locale]);
    }
    for (const { id } of allProducts)
      expect(await relatedProducts(db, id, 'en'), id).toEqual(relatedInMemory(id));
    expect(await catalogueIndex(db)).toEqual({
      categoryPaths: allCategoryPaths,
      productIds: allProducts.map((product) => product.id),
    });
  });
});

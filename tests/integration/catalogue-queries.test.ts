import { describe, expect, it } from 'vitest';
import {
  catalogueIndex,
  categoryCrumbs,
  categoryTree,
  featuredProducts,
  productDetail,
  productsUnder,
  relatedProducts,
  subcategoryLinks,
} from '../../apps/storefront/server/db/catalogue-queries.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

const engines = await databaseEngines();

describe.each(engines)('the catalogue queries on %s', (_name, open) => {
  const database = useMigratedDatabase(open);

  it('finds each product as its page shows it, in each language, and nothing for an unknown id', async () => {
    const db = database();
    expect(await productDetail(db, 'chef-knife-20cm', 'fr')).toEqual({
      id: 'chef-knife-20cm',
      name: 'Couteau de chef 20 cm',
      priceCents: 8900,
      price: '89,00\u00a0€',
      categoryPath: 'kitchen/knives',
      description: expect.stringMatching(/^.{20,}$/s),
      categoryName: 'Couteaux',
    });
    expect((await productDetail(db, 'chef-knife-20cm', 'de'))?.categoryName).toBe('Messer');
    // Lists carry the price as each language writes it, as the product's own page does.
    expect((await productDetail(db, 'chef-knife-20cm', 'en'))?.price).toBe('€89.00');
    expect((await productsUnder(db, 'kitchen/knives', 'de')).map((product) => product.price)).toContain(
      '89,00\u00a0€',
    );
    expect(await productDetail(db, 'no-such-product', 'en')).toBeUndefined();
    for (const { id } of await productsUnder(db, null, 'de')) {
      expect((await productDetail(db, id, 'de'))?.description, id).toMatch(/\S{3}/);
    }
  });

  it('lists the products at and below each category, in catalogue order', async () => {
    const db = database();
    const all = await productsUnder(db, null, 'en');
    expect(all).toHaveLength(53);
    const { categoryPaths } = await catalogueIndex(db);
    for (const path of categoryPaths) {
      const expected = all.filter(
        (product) => product.categoryPath === path || product.categoryPath.startsWith(`${path}/`),
      );
      expect(await productsUnder(db, path, 'en'), path).toEqual(expected);
    }
  });

  it('builds breadcrumbs, the category tree with counts and each level of categories', async () => {
    const db = database();
    expect(await categoryCrumbs(db, 'kitchen/knives', 'fr')).toEqual([
      { label: 'Cuisine', category: 'kitchen' },
      { label: 'Couteaux', category: 'kitchen/knives' },
    ]);
    expect(await categoryCrumbs(db, 'no/such', 'en')).toEqual([]);
    const tree = await categoryTree(db, 'de');
    expect(tree.map((top) => top.path)).toEqual(['kitchen', 'home', 'garden', 'office']);
    expect(tree[0]?.name).toBe('Küche');
    expect(tree.reduce((sum, top) => sum + top.productCount, 0)).toBe(53);
    for (const top of tree) {
      expect(top.productCount).toBe((await productsUnder(db, top.path, 'de')).length);
      expect(top.children.reduce((sum, child) => sum + child.productCount, 0)).toBe(top.productCount);
      expect(await subcategoryLinks(db, top.path, 'de')).toEqual(top.children);
    }
    expect(await subcategoryLinks(db, null, 'de')).toEqual(tree.map(({ children: _, ...top }) => top));
    expect(await subcategoryLinks(db, 'kitchen/knives', 'de')).toEqual([]);
  });

  it('suggests related products from the same department, never the product itself', async () => {
    const db = database();
    for (const product of await productsUnder(db, null, 'en')) {
      const related = await relatedProducts(db, product, 'en');
      const department = product.categoryPath.split('/')[0];
      expect(related, product.id).toHaveLength(4);
      expect(related.some((other) => other.id === product.id)).toBe(false);
      expect(new Set(related.map((other) => other.categoryPath.split('/')[0]))).toEqual(
        new Set([department]),
      );
    }
    expect(await relatedProducts(db, { id: 'gone', categoryPath: 'no/such' }, 'en')).toEqual([]);
  });

  it('features eight products in order, and indexes every category (parents first) and product', async () => {
    const db = database();
    const featured = await featuredProducts(db, 'fr');
    expect(featured.map((product) => product.id)).toEqual([
      'chef-knife-20cm',
      'enamelled-dutch-oven-24cm',
      'brass-table-lamp',
      'wool-throw-blanket',
      'stoneware-bowl-set',
      'glazed-planter-30cm',
      'pruning-shears',
      'fountain-pen-fine',
    ]);
    expect(featured[0]?.name).toBe('Couteau de chef 20 cm');
    const { categoryPaths, productIds } = await catalogueIndex(db);
    expect(categoryPaths).toHaveLength(14);
    for (const [index, path] of categoryPaths.entries()) {
      const parent = path.split('/').slice(0, -1).join('/');
      if (parent) expect(categoryPaths.indexOf(parent), path).toBeLessThan(index);
    }
    expect(productIds).toEqual((await productsUnder(db, null, 'en')).map((product) => product.id));
  });
});

import type { Queryable, QueryOptions } from '#runtime/database';
import type { Locale } from '#runtime/shared';
import { formatPrice } from '../../format-price.ts';
import type {
  CategoryCrumb,
  CategoryLink,
  CategoryTreeLink,
  ProductDetail,
  ProductSummary,
} from '../../types.ts';

/** How many related products a product page suggests. */
const RELATED_LIMIT = 4;

const SUMMARY_COLUMNS = `p.id, t.name, p.price_cents as "priceCents", p.category_id as "categoryPath"`;

/** Rows of SUMMARY_COLUMNS (and more) with their price as `locale` writes it. */
function priced<Row extends Omit<ProductSummary, 'price'>>(
  rows: Row[],
  locale: Locale,
): (Row & { price: string })[] {
  return rows.map((row) => ({ ...row, price: formatPrice(row.priceCents, locale) }));
}

/** The product as its page shows it, in `locale`; undefined for an unknown id. */
export async function productDetail(
  db: Queryable,
  id: string,
  locale: Locale,
  options?: QueryOptions,
): Promise<ProductDetail | undefined> {
  const [product] = await db.query<Omit<ProductDetail, 'price'>>(
    `select ${SUMMARY_COLUMNS}, t.description, c.name as "categoryName"
     from products p
     join product_texts t on t.product_id = p.id and t.locale = $2
     join category_texts c on c.category_id = p.category_id and c.locale = $2
     where p.id = $1`,
    [id, locale],
    options,
  );
  return product && priced([product], locale)[0];
}

/** The products the home page features, in its order. */
export async function featuredProducts(
  db: Queryable,
  locale: Locale,
  options?: QueryOptions,
): Promise<ProductSummary[]> {
  const rows = await db.query<Omit<ProductSummary, 'price'>>(
    `select ${SUMMARY_COLUMNS}
     from products p
     join product_texts t on t.product_id = p.id and t.locale = $1
     where p.featured_position is not null
     order by p.featured_position`,
    [locale],
    options,
  );
  return priced(rows, locale);
}

/** The products of the category at `path` and every category below it (all of them for null), in catalogue order. */
export async function productsUnder(
  db: Queryable,
  path: string | null,
  locale: Locale,
  options?: QueryOptions,
): Promise<ProductSummary[]> {
  const rows = await db.query<Omit<ProductSummary, 'price'>>(
    `select ${SUMMARY_COLUMNS}
     from products p
     join product_texts t on t.product_id = p.id and t.locale = $2
     where $1::text is null or p.category_id = $1 or p.category_id like $1 || '/%'
     order by p.position`,
    [path, locale],
    options,
  );
  return priced(rows, locale);
}

/** The category at `path` and its ancestors, root first, as breadcrumb links; [] for an unknown path. */
export function categoryCrumbs(
  db: Queryable,
  path: string,
  locale: Locale,
  options?: QueryOptions,
): Promise<CategoryCrumb[]> {
  return db.query<CategoryCrumb>(
    `with recursive trail (id, parent_id, depth) as (
       select id, parent_id, 0 from categories where id = $1
       union all
       select c.id, c.parent_id, trail.depth + 1 from categories c join trail on c.id = trail.parent_id
     )
     select t.name as label, trail.id as category
     from trail join category_texts t on t.category_id = trail.id and t.locale = $2
     order by trail.depth desc`,
    [path, locale],
    options,
  );
}

/** Every category as a tree (top level and the level below) with product counts, subcategories included. */
export async function categoryTree(
  db: Queryable,
  locale: Locale,
  options?: QueryOptions,
): Promise<CategoryTreeLink[]> {
  const rows = await db.query<CategoryLink & { parentPath: string | null }>(
    `select c.id as path, c.parent_id as "parentPath", t.name,
       (select count(*)::int from products p where p.category_id = c.id or p.category_id like c.id || '/%')
         as "productCount"
     from categories c join category_texts t on t.category_id = c.id and t.locale = $1
     order by c.position, c.id`,
    [locale],
    options,
  );
  const link = ({ path, name, productCount }: CategoryLink): CategoryLink => ({ path, name, productCount });
  return rows
    .filter((row) => row.parentPath === null)
    .map((top) => ({
      ...link(top),
      children: rows.filter((row) => row.parentPath === top.path).map(link),
    }));
}

/** The categories right under `path` (the top level for null) with their product counts, in catalogue order. */
export function subcategoryLinks(
  db: Queryable,
  path: string | null,
  locale: Locale,
  options?: QueryOptions,
): Promise<CategoryLink[]> {
  return db.query<CategoryLink>(
    `select c.id as path, t.name,
       (select count(*)::int from products p where p.category_id = c.id or p.category_id like c.id || '/%')
         as "productCount"
     from categories c join category_texts t on t.category_id = c.id and t.locale = $2
     where c.parent_id is not distinct from $1::text
     order by c.position, c.id`,
    [path, locale],
    options,
  );
}

/**
 * A few products from the same category first, then from the same department (its top-level category),
 * each list starting just after the product (so neighbours suggest different things); never the product.
 * One query: the department's products, the category's among them.
 */
export async function relatedProducts(
  db: Queryable,
  { id, categoryPath }: Pick<ProductSummary, 'id' | 'categoryPath'>,
  locale: Locale,
  options?: QueryOptions,
): Promise<ProductSummary[]> {
  const department = categoryPath.split('/')[0] as string;
  const sameDepartment = await productsUnder(db, department, locale, options);
  const sameCategory = sameDepartment.filter(
    (candidate) =>
      candidate.categoryPath === categoryPath || candidate.categoryPath.startsWith(`${categoryPath}/`),
  );
  const picked: ProductSummary[] = [];
  for (const candidate of [...rotateAfter(sameCategory, id), ...rotateAfter(sameDepartment, id)]) {
    if (picked.length === RELATED_LIMIT) break;
    if (candidate.id !== id && !picked.some((chosen) => chosen.id === candidate.id)) picked.push(candidate);
  }
  return picked;
}

/** The list starting just after `id`, wrapping around. */
function rotateAfter(list: readonly ProductSummary[], id: string): ProductSummary[] {
  const index = list.findIndex((item) => item.id === id);
  return index === -1 ? [...list] : [...list.slice(index + 1), ...list.slice(0, index + 1)];
}

/** Every category path (parents first) and every product id. */
export interface CatalogueIndex {
  categoryPaths: string[];
  productIds: string[];
}

/** The catalogue's index, for sitemap.xml. */
export async function catalogueIndex(db: Queryable, options?: QueryOptions): Promise<CatalogueIndex> {
  const [categories, products] = await Promise.all([
    db.query<{ id: string }>(
      `with recursive tree (id, ordering) as (
         select id, array[position] from categories where parent_id is null
         union all
         select c.id, tree.ordering || c.position from categories c join tree on c.parent_id = tree.id
       )
       select id from tree order by ordering`,
      [],
      options,
    ),
    db.query<{ id: string }>('select id from products order by position', [], options),
  ]);
  return { categoryPaths: categories.map((row) => row.id), productIds: products.map((row) => row.id) };
}

/**
 * The product catalogue: pure data plus lookups. Everything that does not depend on the request (indexes,
 * per-category product lists, related products, localized names, breadcrumb trails) is computed once here,
 * at module load, so data steps only pick ready-made values. The lists are shared by every request and
 * frozen so none can change another's. Server-only: the browser receives just the slices a page needs.
 */
import { LOCALES, type Locale } from '../../shared/routing/locale.ts';
import type {
  CategoryCrumb,
  CategoryLink,
  CategoryTreeLink,
  ProductDetail,
  ProductSummary,
} from '../../shared/storefront/types.ts';
import { CATEGORY_TREE } from './catalogue/categories.ts';
import { GARDEN_AND_OFFICE_PRODUCTS } from './catalogue/products-garden-office.ts';
import { HOME_PRODUCTS } from './catalogue/products-home.ts';
import { KITCHEN_PRODUCTS } from './catalogue/products-kitchen.ts';
import type { CategoryDefinition, Localized, Product } from './catalogue/types.ts';
import { deepFreeze } from './deep-freeze.ts';

export type { Product } from './catalogue/types.ts';

type PerLocale<T> = Readonly<Record<Locale, T>>;

/** A category with its place in the tree, every product at or below it, and its localized views. */
export interface CategoryEntry {
  readonly path: string;
  readonly names: Localized;
  readonly parentPath: string | null;
  readonly childPaths: readonly string[];
  /** Products of this category and all its descendants, in catalogue order. */
  readonly products: readonly ProductSummary[];
  /** The category and its ancestors, root first, as links. */
  readonly crumbs: PerLocale<readonly CategoryCrumb[]>;
}

/** Shown on the home page, in this order. */
export const FEATURED_PRODUCT_IDS: readonly string[] = [
  'chef-knife-20cm',
  'enamelled-dutch-oven-24cm',
  'brass-table-lamp',
  'wool-throw-blanket',
  'stoneware-bowl-set',
  'glazed-planter-30cm',
  'pruning-shears',
  'fountain-pen-fine',
];

const RELATED_LIMIT = 4;

const PRODUCTS: readonly Product[] = [...KITCHEN_PRODUCTS, ...HOME_PRODUCTS, ...GARDEN_AND_OFFICE_PRODUCTS];
const productsById = new Map<string, Product>();
const summariesById = new Map<string, ProductSummary>();
for (const product of PRODUCTS) {
  if (productsById.has(product.id)) throw new Error(`Duplicate product id "${product.id}"`);
  productsById.set(product.id, product);
  const { id, name, priceCents, categoryPath } = product;
  summariesById.set(id, Object.freeze({ id, name, priceCents, categoryPath }));
}

const categoriesByPath = new Map<string, CategoryEntry>();
indexCategories(CATEGORY_TREE, null);
assertProductsInLeaves();

/** Every category's path (`kitchen`, `kitchen/knives`), parents first. */
export const allCategoryPaths: readonly string[] = Object.freeze([...categoriesByPath.keys()]);
/** Every product, in catalogue order. */
export const allProducts: readonly ProductSummary[] = Object.freeze([...summariesById.values()]);
export const featuredProducts: readonly ProductSummary[] = Object.freeze(FEATURED_PRODUCT_IDS.map(summaryOf));
/** The top-level categories as links, per locale. */
export const topLevelLinks: PerLocale<readonly CategoryLink[]> = perLocale((locale) =>
  CATEGORY_TREE.map((definition) => linkOf(categoriesByPath.get(definition.slug)!, locale)),
);
// Built after indexing: a category's links need its children's entries.
const childLinksByPath = new Map(
  [...categoriesByPath.values()].map((entry) => [
    entry.path,
    perLocale((locale) => entry.childPaths.map((child) => linkOf(categoriesByPath.get(child)!, locale))),
  ]),
);
/** The category tree (top level and one level below) as links with product counts, per locale. */
export const categoryTreeLinks: PerLocale<readonly CategoryTreeLink[]> = perLocale((locale) =>
  topLevelLinks[locale].map((link) => ({
    ...link,
    children: childLinksByPath.get(link.path)?.[locale] ?? [],
  })),
);
const relatedById = new Map(PRODUCTS.map((product) => [product.id, pickRelated(product)]));
const detailsById = new Map(
  PRODUCTS.map((product) => [product.id, perLocale((locale) => detailOf(product, locale))]),
);

/** The product as stored (for server-side use such as pricing a cart line). */
export function findProduct(id: string): Product | undefined {
  return productsById.get(id);
}

export function findCategory(path: string): CategoryEntry | undefined {
  return categoriesByPath.get(path);
}

/** The direct subcategories of `path` as links in `locale`. */
export function subcategoryLinks(path: string, locale: Locale): readonly CategoryLink[] {
  return childLinksByPath.get(path)?.[locale] ?? [];
}

/** The product as its page shows it, in `locale`. */
export function findProductDetail(id: string, locale: Locale): ProductDetail | undefined {
  return detailsById.get(id)?.[locale];
}

/** A few products from the same category first, then from the same department; never the product itself. */
export function relatedProducts(id: string): readonly ProductSummary[] {
  return relatedById.get(id) ?? [];
}

function summaryOf(id: string): ProductSummary {
  const summary = summariesById.get(id);
  if (!summary) throw new Error(`Unknown product id "${id}" in the catalogue configuration`);
  return summary;
}

function perLocale<T>(build: (locale: Locale) => T): PerLocale<T> {
  return Object.freeze(
    Object.fromEntries(LOCALES.map((locale) => [locale, deepFreeze(build(locale))])),
  ) as PerLocale<T>;
}

function linkOf(entry: CategoryEntry, locale: Locale): CategoryLink {
  return { path: entry.path, name: entry.names[locale], productCount: entry.products.length };
}

function detailOf(product: Product, locale: Locale): ProductDetail {
  const category = categoriesByPath.get(product.categoryPath)!;
  return { ...summaryOf(product.id), description: product.description, categoryName: category.names[locale] };
}

/** Builds one entry per category, depth first; a child's trail extends its parent's. */
function indexCategories(definitions: readonly CategoryDefinition[], parent: CategoryEntry | null): void {
  for (const definition of definitions) {
    const path = parent ? `${parent.path}/${definition.slug}` : definition.slug;
    const prefix = `${path}/`;
    const children = definition.children ?? [];
    const entry: CategoryEntry = {
      path,
      names: definition.names,
      parentPath: parent?.path ?? null,
      childPaths: children.map((child) => `${prefix}${child.slug}`),
      products: Object.freeze(
        PRODUCTS.filter(
          (product) => product.categoryPath === path || product.categoryPath.startsWith(prefix),
        ).map((product) => summaryOf(product.id)),
      ),
      crumbs: perLocale((locale) => [
        ...(parent?.crumbs[locale] ?? []),
        { label: definition.names[locale], category: path },
      ]),
    };
    categoriesByPath.set(path, entry);
    indexCategories(children, entry);
  }
}

function assertProductsInLeaves(): void {
  for (const product of PRODUCTS) {
    const category = categoriesByPath.get(product.categoryPath);
    if (!category || category.childPaths.length > 0) {
      throw new Error(`Product "${product.id}" must sit in a leaf category, not "${product.categoryPath}"`);
    }
  }
}

function pickRelated(product: Product): readonly ProductSummary[] {
  const department = product.categoryPath.split('/')[0]!;
  const sameCategory = categoriesByPath.get(product.categoryPath)?.products ?? [];
  const sameDepartment = categoriesByPath.get(department)?.products ?? [];
  const picked: ProductSummary[] = [];
  for (const candidate of [
    ...rotateAfter(sameCategory, product.id),
    ...rotateAfter(sameDepartment, product.id),
  ]) {
    if (picked.length === RELATED_LIMIT) break;
    if (candidate.id !== product.id && !picked.includes(candidate)) picked.push(candidate);
  }
  return Object.freeze(picked);
}

/** The list starting just after `id`, wrapping around, so neighbouring products suggest different things. */
function rotateAfter(list: readonly ProductSummary[], id: string): ProductSummary[] {
  const index = list.findIndex((item) => item.id === id);
  return index === -1 ? [...list] : [...list.slice(index + 1), ...list.slice(0, index + 1)];
}

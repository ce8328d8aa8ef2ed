import { invalidSearch, type SearchReader } from '#runtime/shared';

export const SHOP_SORTS = ['price-asc', 'price-desc', 'name'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** What a product list reads from its search: `?sort=price-asc|price-desc|name&page=N`. */
export interface ShopSearch {
  /** `null`: the catalogue's own order. */
  sort: ShopSort | null;
  /** From 1. */
  page: number;
}

/** Products on one page of a list. */
export const PRODUCTS_PER_PAGE = 24;

/** The highest page number the reader accepts; a page past the list's last answers 404. */
const MAX_PAGE = 10_000;

/**
 * The shop's search reader: an unknown sort or a page that is not a whole number from 1 answers 400. Only
 * the product list reads these keys, so sorting or paging keeps the category tree beside it.
 */
// #region shop-search
export const shopSearch: SearchReader<ShopSearch> = {
  keys: ['sort', 'page'],
  parse(params) {
    const sort = params.get('sort');
    const page = params.get('page');
    if (sort !== null && !(SHOP_SORTS as readonly string[]).includes(sort)) {
      throw invalidSearch('sort', `must be one of ${SHOP_SORTS.join(', ')}`);
    }
    if (page !== null && !(/^[1-9]\d{0,4}$/.test(page) && Number(page) <= MAX_PAGE)) {
      throw invalidSearch('page', `must be a whole number from 1 to ${MAX_PAGE}`);
    }
    return { sort: sort as ShopSort | null, page: page === null ? 1 : Number(page) };
  },
};
// #endregion shop-search

/** The search of a list page, defaults left out, so each list has one URL per page and order. */
export function shopSearchParams({ sort, page }: ShopSearch): Record<string, string | undefined> {
  return { sort: sort ?? undefined, page: page === 1 ? undefined : String(page) };
}

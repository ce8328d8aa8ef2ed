import { type Href, Link } from '#runtime/shared';
import type { Messages } from '../messages.ts';
import type { ShopSearch, ShopSort } from '../shop-search.ts';

export interface ListControlsProps {
  search: ShopSearch;
  pageCount: number;
  /** The URL of this list with another order or page. */
  hrefOf: (search: ShopSearch) => Href;
  messages: Messages;
}

/** The orders a list offers, the catalogue's own first. */
function sortOptions(messages: Messages): [ShopSort | null, string][] {
  return [
    [null, messages.sortFeatured],
    ['price-asc', messages.sortPriceAsc],
    ['price-desc', messages.sortPriceDesc],
    ['name', messages.sortName],
  ];
}

/** The list's orders as links: they work without JavaScript and prefetch like any link. */
export function SortLinks({ search, hrefOf, messages }: Omit<ListControlsProps, 'pageCount'>) {
  return (
    <nav className="list-sort" aria-label={messages.sortBy}>
      <span className="list-sort__label">{messages.sortBy}</span>
      <ul className="list-sort__options">
        {sortOptions(messages).map(([sort, label]) => (
          <li key={sort ?? 'featured'}>
            <Link
              to={hrefOf({ sort, page: 1 })}
              className="chip"
              aria-current={search.sort === sort ? 'true' : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous, each page, next: links to this list's other pages in the same order. */
export function PageLinks({ search, pageCount, hrefOf, messages }: ListControlsProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  const to = (page: number) => hrefOf({ sort: search.sort, page });
  return (
    <nav className="pagination" aria-label={messages.pagination}>
      <p className="visually-hidden">{messages.pageOf(search.page, pageCount)}</p>
      <ul className="pagination__list">
        {search.page > 1 ? (
          <li>
            <Link to={to(search.page - 1)} rel="prev" className="pagination__link">
              {messages.previousPage}
            </Link>
          </li>
        ) : null}
        {pages.map((page) => (
          <li key={page}>
            <Link
              to={to(page)}
              className="pagination__link"
              aria-current={page === search.page ? 'page' : undefined}
              aria-label={messages.pageOf(page, pageCount)}
            >
              {String(page)}
            </Link>
          </li>
        ))}
        {search.page < pageCount ? (
          <li>
            <Link to={to(search.page + 1)} rel="next" className="pagination__link">
              {messages.nextPage}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

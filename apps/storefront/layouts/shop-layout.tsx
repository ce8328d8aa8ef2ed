import { type Href, Link, Outlet, useIsCurrentPage } from '#runtime/shared';
import { categoryHref, href, type Props } from '../href.ts';
import { messagesFor } from '../messages.ts';
import type { CategoryLink } from '../types.ts';

/**
 * The shop's layout: the category tree with product counts beside the product lists. It stays while a
 * visitor moves between categories; only the category's products are fetched.
 */
export default function ShopLayout({ data, locale }: Props<'shop-layout'>) {
  const messages = messagesFor(locale);
  const isCurrentPage = useIsCurrentPage();
  const link = (to: Href, name: string, count: number) => (
    <Link to={to} className="sidebar__link" aria-current={isCurrentPage(to) ? 'page' : undefined}>
      <span>{name}</span>
      <span className="sidebar__count">{String(count)}</span>
    </Link>
  );
  const categoryLink = (category: CategoryLink) =>
    link(categoryHref(category.path), category.name, category.productCount);
  return (
    <div className="container page with-sidebar">
      <nav className="sidebar" aria-label={messages.categories}>
        <p className="sidebar__title">{link(href('shop'), messages.allProducts, data.productCount)}</p>
        <ul className="sidebar__list">
          {data.categories.map((category) => (
            <li key={category.path}>
              {categoryLink(category)}
              {category.children.length > 0 ? (
                <ul className="sidebar__list sidebar__list--nested">
                  {category.children.map((child) => (
                    <li key={child.path}>{categoryLink(child)}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      <div className="with-sidebar__content">
        <Outlet />
      </div>
    </div>
  );
}

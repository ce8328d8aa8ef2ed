import type { SegmentProps } from '../../routing/route-table.ts';
import { Link } from '../../ui/link.tsx';
import { Outlet } from '../../ui/outlet.tsx';
import { useRouter } from '../../ui/router-context.tsx';
import { messagesFor } from '../messages.ts';
import type { CategoryLink, ShopLayoutData } from '../types.ts';

/**
 * The shop's layout: the category tree with product counts beside the product lists. It stays while a
 * visitor moves between categories; only the category's products are fetched.
 */
export default function ShopLayout({ data, locale }: SegmentProps<ShopLayoutData>) {
  const messages = messagesFor(locale);
  const { pathname } = useRouter();
  const link = (path: string, name: string, count: number) => (
    <Link to={path} className="sidebar__link" aria-current={pathname === path ? 'page' : undefined}>
      <span>{name}</span>
      <span className="sidebar__count">{String(count)}</span>
    </Link>
  );
  const categoryLink = (category: CategoryLink) =>
    link(`/shop/${category.path}`, category.name, category.productCount);
  return (
    <div className="container page with-sidebar">
      <nav className="sidebar" aria-label={messages.categories}>
        <p className="sidebar__title">{link('/shop', messages.allProducts, data.productCount)}</p>
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

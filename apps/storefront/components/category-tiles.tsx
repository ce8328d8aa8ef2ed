import { Link } from '#runtime/shared';
import { categoryHref } from '../href.ts';
import type { Messages } from '../messages.ts';
import type { CategoryLink } from '../types.ts';
import { CategoryIcon } from './category-icon.tsx';

/** Large category links for the home page. */
export function CategoryTiles({
  categories,
  messages,
}: {
  categories: readonly CategoryLink[];
  messages: Messages;
}) {
  return (
    <ul className="category-tiles">
      {categories.map((category) => (
        <li key={category.path}>
          <Link to={categoryHref(category.path)} className="category-tile">
            <CategoryIcon categoryPath={category.path} className="category-tile__icon" />
            <span className="category-tile__name">{category.name}</span>
            <span className="category-tile__count">{messages.productCount(category.productCount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Compact subcategory links above a product grid. */
export function CategoryChips({ categories, label }: { categories: readonly CategoryLink[]; label: string }) {
  return (
    <nav aria-label={label} className="chips">
      <ul>
        {categories.map((category) => (
          <li key={category.path}>
            <Link to={categoryHref(category.path)} className="chip">
              <span>{category.name}</span>
              <span className="chip__count">{String(category.productCount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

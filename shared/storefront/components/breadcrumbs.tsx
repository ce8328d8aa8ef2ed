import { Link } from '../../ui/link.tsx';
import type { Crumb } from '../types.ts';

export interface BreadcrumbsProps {
  /** Accessible name of the trail (localized "Breadcrumb"). */
  label: string;
  /** Linked ancestors, root first. */
  items: readonly Crumb[];
  /** The current page, shown unlinked. */
  current: string;
}

export function Breadcrumbs({ label, items, current }: BreadcrumbsProps) {
  return (
    <nav aria-label={label} className="breadcrumbs">
      <ol>
        {items.map((item) => (
          <li key={item.path}>
            <Link to={item.path}>{item.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}

import { type Href, Link } from '#runtime/shared';

/** A linked ancestor in a breadcrumb trail. */
export interface Crumb {
  label: string;
  to: Href;
}

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
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}

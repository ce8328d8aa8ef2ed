/** Category slugs that have a drawing of their own (`../drawings/<slug>.svg`, on a 48×48 grid). */
const ICONS: ReadonlySet<string> = new Set([
  'knives',
  'cookware',
  'tableware',
  'lighting',
  'textiles',
  'storage',
  'tools',
  'planters',
  'stationery',
  'desk',
]);

/** Top-level categories borrow the drawing of one of their children. */
const DEPARTMENT_ICONS: Readonly<Record<string, string>> = {
  kitchen: 'cookware',
  home: 'lighting',
  garden: 'planters',
  office: 'stationery',
};

/** The drawing for a category path: its own slug first, then its department's, then a plain box. */
function iconFor(categoryPath: string): string {
  const segments = categoryPath.split('/');
  const leaf = segments[segments.length - 1] ?? '';
  const department = segments[0] ?? '';
  const candidates = [leaf, DEPARTMENT_ICONS[leaf], DEPARTMENT_ICONS[department]];
  return candidates.find((name) => name !== undefined && ICONS.has(name)) ?? 'storage';
}

export interface CategoryIconProps {
  categoryPath: string;
  className?: string;
  /** The name of a more specific drawing (a product's own) to show instead of the category's. */
  drawing?: string | undefined;
}

/**
 * A line drawing in the current text colour: an empty span whose `drawing--<name>` class (see
 * styles/drawings.css) paints `currentColor` through the drawing's SVG file used as a CSS mask, so the
 * pictures are cached image files, not JavaScript. It has no intrinsic size: give it a width (its height
 * follows, `aspect-ratio: 1`).
 */
export function CategoryIcon({ categoryPath, className, drawing }: CategoryIconProps) {
  const name = drawing ?? iconFor(categoryPath);
  return (
    <span className={`drawing drawing--${name}${className ? ` ${className}` : ''}`} aria-hidden="true" />
  );
}

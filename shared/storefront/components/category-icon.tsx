import type { ReactNode } from 'react';

/** Line drawings on a 48×48 grid, one per category slug; stroked with the current text colour. */
const ICONS: Readonly<Record<string, ReactNode>> = {
  knives: (
    <g transform="rotate(-35 24 24)">
      <rect x="3" y="22" width="13" height="6" rx="2" />
      <path d="M17 20 H37 C41 20 44 22 45 25 C39 29 29 31 17 31 Z" />
      <path d="M8 25 H8.5 M12 25 H12.5" />
    </g>
  ),
  cookware: (
    <>
      <path d="M11 20 H37 V32 A7 7 0 0 1 30 39 H18 A7 7 0 0 1 11 32 Z" />
      <path d="M8 20 H40" />
      <path d="M4 24 H11 M37 24 H44" />
      <path d="M21 15 H27" />
    </>
  ),
  tableware: (
    <>
      <circle cx="24" cy="24" r="16" />
      <circle cx="24" cy="24" r="9" />
    </>
  ),
  lighting: (
    <>
      <path d="M16 9 H32 L38 25 H10 Z" />
      <path d="M24 25 V38" />
      <path d="M16 40 H32" />
    </>
  ),
  textiles: (
    <>
      <path d="M8 14 H40 V34 H8 Z" />
      <path d="M8 21 H40 M8 27 H40" />
      <path d="M14 34 V39 M20 34 V39 M26 34 V39 M32 34 V39" />
    </>
  ),
  storage: (
    <>
      <path d="M8 19 H40 L36 40 H12 Z" />
      <path d="M14 19 L18 10 M34 19 L30 10" />
      <path d="M13 27 H35 M14 33 H34" />
    </>
  ),
  tools: (
    <>
      <path d="M24 5 C31 11 31 20 24 27 C17 20 17 11 24 5 Z" />
      <path d="M24 27 V43" />
      <path d="M20 43 H28" />
    </>
  ),
  planters: (
    <>
      <path d="M13 27 H35 L32 42 H16 Z" />
      <path d="M24 27 C24 18 18 12 11 12 C11 20 17 26 24 27" />
      <path d="M24 27 C24 19 29 14 36 14 C36 21 31 26 24 27" />
    </>
  ),
  stationery: (
    <>
      <path d="M12 36 L33 15 L37 19 L16 40 L10 42 Z" />
      <path d="M29 19 L33 23" />
    </>
  ),
  desk: (
    <>
      <path d="M6 30 H42 V36 H6 Z" />
      <path d="M11 30 V21 H21 V30" />
      <path d="M27 30 L30 14 M32 30 L36 16" />
    </>
  ),
};

/** Top-level categories borrow the drawing of one of their children. */
const DEPARTMENT_ICONS: Readonly<Record<string, string>> = {
  kitchen: 'cookware',
  home: 'lighting',
  garden: 'planters',
  office: 'stationery',
};

/** The drawing for a category path: its own slug first, then its department's, then a plain box. */
function iconFor(categoryPath: string): ReactNode {
  const segments = categoryPath.split('/');
  const leaf = segments[segments.length - 1] ?? '';
  const department = segments[0] ?? '';
  return (
    ICONS[leaf] ??
    ICONS[DEPARTMENT_ICONS[leaf] ?? ''] ??
    ICONS[DEPARTMENT_ICONS[department] ?? ''] ??
    ICONS.storage
  );
}

export interface CategoryIconProps {
  categoryPath: string;
  className?: string;
  /** A more specific drawing (a product's own) to show instead of the category's. */
  drawing?: ReactNode;
}

export function CategoryIcon({ categoryPath, className, drawing }: CategoryIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {drawing ?? iconFor(categoryPath)}
    </svg>
  );
}

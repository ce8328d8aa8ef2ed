import type { ReactNode } from 'react';

/** The shop's logo mark: an "M" on a rounded square in the accent colour. */
export function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 23 V10 L16 18 L23 10 V23"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A line drawing on a 24-unit grid in the text colour, hidden from screen readers (the link names itself). */
function StrokeIcon({
  className,
  strokeWidth,
  children,
}: {
  className: string;
  strokeWidth: number;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A shopping bag, for the cart link and the empty cart. */
export function BagIcon({ className = 'icon' }: { className?: string }) {
  return (
    <StrokeIcon className={className} strokeWidth={1.8}>
      <path d="M5 8 H19 L18 21 H6 Z" />
      <path d="M9 10 V7 A3 3 0 0 1 15 7 V10" />
    </StrokeIcon>
  );
}

/** A tick in a circle, for success notices. */
export function CheckIcon({ className = 'icon' }: { className?: string }) {
  return (
    <StrokeIcon className={className} strokeWidth={2}>
      <circle cx="12" cy="12" r="9.25" />
      <path d="M8 12.4 L10.8 15.2 L16.2 9.4" />
    </StrokeIcon>
  );
}

/** A head and shoulders, for the account link. */
export function PersonIcon({ className = 'icon' }: { className?: string }) {
  return (
    <StrokeIcon className={className} strokeWidth={1.8}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 21 A7.5 7.5 0 0 1 19.5 21" />
    </StrokeIcon>
  );
}

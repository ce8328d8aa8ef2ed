import type { CSSProperties } from 'react';
import type { ProductSummary } from '../types.ts';
import { CategoryIcon } from './category-icon.tsx';
import { productDrawing } from './product-drawings.ts';

/** Muted background and ink pairs; a product always gets the same one, picked from its id. */
const PALETTES: readonly (readonly [background: string, ink: string])[] = [
  ['#ede5d9', '#7a5c3e'],
  ['#dfe8e0', '#3d6650'],
  ['#e2e8ef', '#3d5774'],
  ['#f0e2dc', '#8a4b3c'],
  ['#e9e7d9', '#5c5937'],
  ['#e7e1ec', '#5a4970'],
  ['#f2e8d2', '#7b6020'],
  ['#dce7e7', '#2d5e60'],
];

/** FNV-1a: a tiny, stable string hash, identical on server and browser (unlike anything random). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  }
  return value >>> 0;
}

/** The first letters of the first two words that start with a letter: `Chef knife 20 cm` → `CK`. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export interface ProductImageProps {
  product: Pick<ProductSummary, 'id' | 'name' | 'categoryPath'>;
  /** `thumb`: a small square beside a cart line, without the initials. */
  size?: 'card' | 'large' | 'thumb';
  /**
   * Morphs into the same product's image on the next page in a view transition: its name must be unique on
   * the page, so only a card's image and the product page's have one.
   */
  morph?: boolean;
}

/**
 * A generated stand-in for a product photo (there are none offline): a soft tinted tile with a line
 * drawing (the product's kind, else its category's) and the product's initials. Everything derives from
 * the id and name, so server and browser render the same markup. Decorative, so hidden from assistive
 * technology.
 */
export function ProductImage({ product, size = 'card', morph = false }: ProductImageProps) {
  const [background, ink] = PALETTES[hash(product.id) % PALETTES.length]!;
  const style = { '--tile-bg': background, '--tile-ink': ink } as CSSProperties;
  if (morph) style.viewTransitionName = `product-${product.id}`;
  return (
    <div className={`product-image product-image--${size}`} style={style} aria-hidden="true">
      <CategoryIcon
        categoryPath={product.categoryPath}
        drawing={productDrawing(product.id)}
        className="product-image__icon"
      />
      {size === 'thumb' ? null : <span className="product-image__initials">{initialsOf(product.name)}</span>}
    </div>
  );
}

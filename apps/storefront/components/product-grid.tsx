import type { Locale } from '#runtime/shared';
import type { ProductSummary } from '../types.ts';
import { ProductCard } from './product-card.tsx';

export interface ProductGridProps {
  products: readonly ProductSummary[];
  locale: Locale;
  headingLevel: 2 | 3;
}

export function ProductGrid({ products, locale, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} locale={locale} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

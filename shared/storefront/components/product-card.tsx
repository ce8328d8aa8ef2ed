import { Link, type Locale } from '../../index.ts';
import { formatPrice } from '../format-price.ts';
import { href } from '../href.ts';
import type { ProductSummary } from '../types.ts';
import { ProductImage } from './product-image.tsx';

export interface ProductCardProps {
  product: ProductSummary;
  locale: Locale;
  /** The card's heading level, one below the section it sits in. */
  headingLevel: 2 | 3;
}

/** A product in a grid. The name's link covers the whole card (see `.product-card__link::after`). */
export function ProductCard({ product, locale, headingLevel }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card">
      <ProductImage product={product} />
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to={href('product', { id: product.id })} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__price">{formatPrice(product.priceCents, locale)}</p>
      </div>
    </article>
  );
}

import { lazy } from 'react';
import { Await, type Head, Link } from '#runtime/shared';
import { AddedToCartNotice, AddToCartForm } from '../components/add-to-cart-form.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ProductGridSkeleton } from '../components/product-grid-skeleton.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { categoryHref, href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { ProductData } from '../types.ts';

/**
 * The related products stream in after the page, and so does their grid's code (cards with their quick
 * add): it is not part of the page's first load. Hydration keeps the server's cards until it has arrived.
 */
const ProductGrid = lazy(() =>
  import('../components/product-grid.tsx').then(({ ProductGrid }) => ({ default: ProductGrid })),
);

export default function ProductPage({ data, locale }: Props<'product'>) {
  const messages = messagesFor(locale);
  const { product } = data;
  const trail = [
    { label: messages.breadcrumbHome, to: href('home') },
    { label: messages.navShop, to: href('shop') },
    ...data.breadcrumbs.map(({ label, category }) => ({ label, to: categoryHref(category) })),
  ];
  return (
    <div className="container page">
      <Breadcrumbs label={messages.breadcrumb} items={trail} current={product.name} />
      <AddedToCartNotice product={product} messages={messages} />
      <div className="product">
        <ProductImage product={product} size="large" morph />
        <div className="product__info">
          <p className="eyebrow">
            <Link to={categoryHref(product.categoryPath)}>{product.categoryName}</Link>
          </p>
          <h1 className="product__name">{product.name}</h1>
          <p className="product__price">
            <span>{product.price}</span>
            <span className="product__price-note">{messages.priceNote}</span>
          </p>
          <p className="product__description">{product.description}</p>
          <AddToCartForm product={product} messages={messages} />
          <p className="product__delivery">{messages.deliveryNote}</p>
        </div>
      </div>

      <section className="section" aria-labelledby="related-heading">
        <div className="section__header">
          <h2 id="related-heading" className="section__title">
            {messages.relatedProducts}
          </h2>
        </div>
        {/* #region related-products */}
        <Await
          resolve={data.related}
          fallback={<ProductGridSkeleton label={messages.loading} />}
          errorElement={<p className="notice">{messages.relatedError}</p>}
        >
          {(related) => <ProductGrid products={related} locale={locale} headingLevel={3} />}
        </Await>
        {/* #endregion related-products */}
      </section>
    </div>
  );
}

export function head({ data }: { data: ProductData }): Head {
  return { title: pageTitle(data.product.name), description: data.product.description };
}

import { type Head, Link, type Locale } from '#runtime/shared';
import { CategoryTiles } from '../components/category-tiles.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { HomeData } from '../types.ts';

/** How many featured products the hero shows as a small collage. */
const HERO_TILES = 3;

export default function HomePage({ data, locale }: Props<'home'>) {
  const messages = messagesFor(locale);
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{messages.heroEyebrow}</p>
            <h1 className="hero__title">{messages.heroTitle}</h1>
            <p className="hero__text">{messages.heroText}</p>
            <div className="hero__actions">
              <Link to={href('shop')} className="button button--large">
                {messages.heroCta}
              </Link>
              <Link
                to={href('help-article', { slug: ['shipping', 'delivery-times'] })}
                className="button button--ghost button--large"
              >
                {messages.heroSecondary}
              </Link>
            </div>
          </div>
          <div className="hero__art" aria-hidden="true">
            {data.featured.slice(0, HERO_TILES).map((product) => (
              <ProductImage key={product.id} product={product} />
            ))}
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="featured-heading">
        <div className="section__header">
          <h2 id="featured-heading" className="section__title">
            {messages.featuredHeading}
          </h2>
          <Link to={href('shop')} className="section__link">
            {messages.viewAll}
          </Link>
        </div>
        <ProductGrid products={data.featured} locale={locale} headingLevel={3} />
      </section>

      <section className="section container" aria-labelledby="categories-heading">
        <div className="section__header">
          <h2 id="categories-heading" className="section__title">
            {messages.categoriesHeading}
          </h2>
        </div>
        <CategoryTiles categories={data.categories} messages={messages} />
      </section>
    </>
  );
}

export function head({ locale }: { data: HomeData; locale: Locale }): Head {
  const messages = messagesFor(locale);
  return { title: pageTitle(messages.homeTitle), description: messages.homeDescription };
}

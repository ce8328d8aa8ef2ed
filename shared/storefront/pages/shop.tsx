import type { Locale } from '../../routing/locale.ts';
import type { Head } from '../../routing/route-table.ts';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs.tsx';
import { CategoryChips } from '../components/category-tiles.tsx';
import { LoadingSection } from '../components/loading-section.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { categoryHref, href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { ShopData } from '../types.ts';

export default function ShopPage({ data, locale }: Props<'shop'>) {
  const messages = messagesFor(locale);
  const home: Crumb = { label: messages.breadcrumbHome, to: href('home') };
  // On `/shop` the trail ends at "Shop"; in a category, "Shop" links back and the category is current.
  const trail: Crumb[] = data.category
    ? [
        home,
        { label: messages.navShop, to: href('shop') },
        ...data.breadcrumbs
          .slice(0, -1)
          .map(({ label, category }) => ({ label, to: categoryHref(category) })),
      ]
    : [home];
  const title = data.category?.name ?? messages.allProducts;
  return (
    <div className="sidebar-page">
      <Breadcrumbs
        label={messages.breadcrumb}
        items={trail}
        current={data.category?.name ?? messages.navShop}
      />
      <header className="page-header">
        <h1 className="page-header__title">{title}</h1>
        <p className="page-header__meta">{messages.productCount(data.products.length)}</p>
      </header>
      {data.subcategories.length > 0 ? (
        <CategoryChips categories={data.subcategories} label={messages.categories} />
      ) : null}
      <ProductGrid products={data.products} locale={locale} headingLevel={2} />
    </div>
  );
}

export function head({ data, locale }: { data: ShopData; locale: Locale }): Head {
  const messages = messagesFor(locale);
  if (!data.category)
    return { title: pageTitle(messages.allProducts), description: messages.shopDescription };
  return {
    title: pageTitle(data.category.name),
    description: messages.categoryDescription(data.category.name),
  };
}

/** Shown in place of this page while a slow navigation to another one waits for its data. */
export const PendingComponent = LoadingSection;

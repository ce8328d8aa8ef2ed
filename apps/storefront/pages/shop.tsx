import type { Head } from '#runtime/shared';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs.tsx';
import { CategoryChips } from '../components/category-tiles.tsx';
import { PageLinks, SortLinks } from '../components/list-controls.tsx';
import { LoadingSection } from '../components/loading-section.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { categoryHref, href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import { type ShopSearch, shopSearchParams } from '../shop-search.ts';

export default function ShopPage({ data, params, search, locale }: Props<'shop'>) {
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
  const hrefOf = (wanted: ShopSearch) => href('shop', params, { search: shopSearchParams(wanted) });
  const controls = { search, pageCount: data.pageCount, hrefOf, messages };
  return (
    <div className="sidebar-page">
      <Breadcrumbs
        label={messages.breadcrumb}
        items={trail}
        current={data.category?.name ?? messages.navShop}
      />
      <header className="page-header">
        <h1 className="page-header__title">{title}</h1>
        <p className="page-header__meta">{messages.productCount(data.productCount)}</p>
      </header>
      {data.subcategories.length > 0 ? (
        <CategoryChips categories={data.subcategories} label={messages.categories} />
      ) : null}
      <SortLinks {...controls} />
      <ProductGrid products={data.products} locale={locale} headingLevel={2} />
      <PageLinks {...controls} />
    </div>
  );
}

export function head({ data, search, locale }: Props<'shop'>): Head {
  const messages = messagesFor(locale);
  const name = data.category?.name ?? messages.allProducts;
  // Each page of a list is its own page for a search engine: its title says which.
  const title = search.page > 1 ? `${name} · ${messages.pageOf(search.page, data.pageCount)}` : name;
  const description = data.category ? messages.categoryDescription(name) : messages.shopDescription;
  return { title: pageTitle(title), description };
}

/** Shown in place of this page while a slow navigation to another one waits for its data. */
export const PendingComponent = LoadingSection;

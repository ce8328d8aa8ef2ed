import type { Href } from '../../shared/routing/href.ts';
import { categoryHref, href } from '../../shared/storefront/href.ts';
import { type StorefrontLocale, storefrontLocales } from '../../shared/storefront/locales.ts';
import type { ResourceHandlers } from '../pipeline/resource-route.ts';
import { type CatalogueIndex, catalogueIndex } from './db/catalogue-queries.ts';
import { helpSections } from './help-articles.ts';
import type { ShopServices } from './services.ts';
import type { ShopContext } from './step.ts';

type PageIn = (locale: StorefrontLocale) => Href;

/** Every page of the shop worth indexing, in any locale (carts and orders are a visitor's own, never indexed). */
function indexablePages({ categoryPaths, productIds }: CatalogueIndex): PageIn[] {
  return [
    (locale) => href('home', {}, { locale }),
    (locale) => href('shop', {}, { locale }),
    ...categoryPaths.map(
      (path): PageIn =>
        (locale) =>
          categoryHref(path, locale),
    ),
    ...productIds.map(
      (id): PageIn =>
        (locale) =>
          href('product', { id }, { locale }),
    ),
    (locale) => href('help', {}, { locale }),
    ...helpSections('en').flatMap((section) =>
      section.articles.map(
        (article): PageIn =>
          (locale) =>
            href('help-article', { slug: article.slug.split('/') }, { locale }),
      ),
    ),
  ];
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * `/sitemap.xml`: every page in every locale, absolute URLs from our origin (PUBLIC_ORIGIN, else the
 * request's with TRUST_PROXY honoured; BASE_PATH included), each with its alternates in the other locales
 * (hreflang) and x-default.
 */
async function sitemap(context: ShopContext): Promise<Response> {
  const { signal } = context;
  const { origin } = context.url;
  const entries = indexablePages(await catalogueIndex(context.services.db, { signal })).flatMap((page) => {
    const url = (locale: StorefrontLocale) => escapeXml(`${origin}${page(locale)}`);
    const alternates = [
      ...storefrontLocales.list.map(
        (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${url(locale)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(storefrontLocales.default)}"/>`,
    ].join('');
    return storefrontLocales.list.map((locale) => `<url><loc>${url(locale)}</loc>${alternates}</url>`);
  });
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

/** `/robots.txt`: everything may be crawled but the cart and the checkout (orders are 404 to all but their buyer); the sitemap's absolute URL. */
function robots({ url: { origin } }: ShopContext): Response {
  const locale = storefrontLocales.default;
  const disallowed = [href('cart', {}, { locale }), href('checkout', {}, { locale })];
  const text = `User-agent: *\n${disallowed.map((path) => `Disallow: ${path}\n`).join('')}\nSitemap: ${origin}${href('sitemap', {}, { locale })}\n`;
  return new Response(text, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

/** The storefront's resource routes by route id (see shared/storefront/routes.ts). */
export const storefrontResources: ResourceHandlers<ShopServices> = { sitemap, robots };

import { LOCALES } from '../../shared/routing/locale.ts';
import type { ResourceContext, ResourceHandlers } from '../resource-route.ts';
import { allCategoryPaths, allProducts } from './catalogue.ts';
import { helpSections } from './help-articles.ts';

/** Every page of the shop worth indexing, as app paths (the cart is a visitor's own, never indexed). */
function indexablePaths(): string[] {
  return [
    '/',
    '/shop',
    ...allCategoryPaths.map((path) => `/shop/${path}`),
    ...allProducts.map((product) => `/products/${encodeURIComponent(product.id)}`),
    '/help',
    ...helpSections('en').flatMap((section) => section.articles.map((article) => `/help/${article.slug}`)),
  ];
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * `/sitemap.xml`: every page in every locale, absolute URLs from the request's origin (TRUST_PROXY and
 * BASE_PATH honoured), each with its alternates in the other locales (hreflang) and x-default.
 */
function sitemap({ absoluteHref }: ResourceContext): Response {
  const entries = indexablePaths().flatMap((path) => {
    const alternates = [
      ...LOCALES.map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(absoluteHref(path, locale))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteHref(path, 'en'))}"/>`,
    ].join('');
    return LOCALES.map(
      (locale) => `<url><loc>${escapeXml(absoluteHref(path, locale))}</loc>${alternates}</url>`,
    );
  });
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

/** `/robots.txt`: everything may be crawled but the cart; the sitemap's absolute URL. */
function robots({ absoluteHref }: ResourceContext): Response {
  const text = `User-agent: *\nDisallow: ${new URL(absoluteHref('/cart', 'en')).pathname}\n\nSitemap: ${absoluteHref('/sitemap.xml', 'en')}\n`;
  return new Response(text, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

/** The storefront's resource routes by route id (see shared/storefront/routes.ts). */
export const storefrontResources: ResourceHandlers = { sitemap, robots };

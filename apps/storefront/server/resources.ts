import type { Href } from '#runtime/shared';
import { categoryHref, href } from '../href.ts';
import { storefrontLocales } from '../locales.ts';
import { CATALOGUE_CACHE_CONTROL } from './cache.ts';
import { type CatalogueIndex, catalogueIndex } from './db/catalogue-queries.ts';
import { helpSections } from './help-articles.ts';
import type { ShopContext } from './step.ts';

/** Every page of the shop worth indexing (carts and orders are a visitor's own, never indexed). */
function indexablePages({ categoryPaths, productIds }: CatalogueIndex): Href[] {
  return [
    href('home'),
    href('shop'),
    ...categoryPaths.map((path) => categoryHref(path)),
    ...productIds.map((id) => href('product', { id })),
    href('help'),
    ...helpSections('en').flatMap((section) =>
      section.articles.map((article) => href('help-article', { slug: article.slug.split('/') })),
    ),
  ];
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * `/sitemap.xml`: every page in every locale, absolute URLs from our origin (PUBLIC_ORIGIN, else the
 * request's with TRUST_PROXY honoured; BASE_PATH included), each with its alternates in the other locales
 * (hreflang) and x-default.
 */
export async function sitemap(context: ShopContext): Promise<Response> {
  const { signal, urlOf } = context;
  const { origin } = context.url;
  const entries = indexablePages(await catalogueIndex(context.services.db, { signal })).flatMap((page) => {
    const url = (locale: string) => escapeXml(`${origin}${urlOf(page, locale)}`);
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
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CATALOGUE_CACHE_CONTROL },
  });
}

/** Pages no crawler has any use for: a visitor's own, or forms. Orders are 404 to all but their buyer. */
const PRIVATE_PAGES = [
  href('cart'),
  href('checkout'),
  href('sign-in'),
  href('sign-up'),
  href('sign-out'),
  href('account'),
];

// #region robots
/** `/robots.txt`: everything may be crawled but the private pages, in every locale; the sitemap's absolute URL. */
export function robots({ url: { origin }, urlOf }: ShopContext): Response {
  const inDefault = (path: Href) => urlOf(path, storefrontLocales.default);
  const disallowed = storefrontLocales.list.flatMap((locale) =>
    PRIVATE_PAGES.map((page) => urlOf(page, locale)),
  );
  const text = `User-agent: *\n${disallowed.map((path) => `Disallow: ${path}\n`).join('')}\nSitemap: ${origin}${inDefault(href('sitemap'))}\n`;
  return new Response(text, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CATALOGUE_CACHE_CONTROL },
  });
}
// #endregion robots

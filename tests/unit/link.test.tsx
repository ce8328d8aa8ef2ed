import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { typedHref } from '../../shared/routing/href.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';
import { Form } from '../../shared/ui/form.tsx';
import { Link } from '../../shared/ui/link.tsx';
import { RouterContext, type RouterState } from '../../shared/ui/router-context.tsx';

const routes = {
  id: 'root',
  children: [
    { id: 'home', path: '/' },
    { id: 'cart', path: '/cart' },
    { id: 'product', path: '/products/:id' },
  ],
} as const satisfies RouteNode;
const href = typedHref(routes);

/** A French page of `/products/x?tab=1` under the base path `/store`. */
const frenchPage: RouterState = {
  basePath: '/store',
  locales: createLocales({ list: ['en', 'fr'], default: 'en' }),
  locale: 'fr',
  buildId: 'test',
  pathname: '/products/x',
  search: '?tab=1',
  routeId: 'product',
  params: { id: 'x' },
};

const render = (element: ReactNode) =>
  renderToStaticMarkup(<RouterContext.Provider value={frenchPage}>{element}</RouterContext.Provider>);

describe('Link', () => {
  it.each([
    [<Link key="page" to={href('product', { id: 'y' })} />, '/store/fr/products/y'],
    [<Link key="root" to={href('home', {}, { hash: 'top' })} />, '/store/fr#top'],
    [<Link key="other" to={href('cart')} locale="en" />, '/store/cart'],
    [<Link key="external" to="https://example.com/x" />, 'https://example.com/x'],
  ])('puts an app path under the base path and the page’s (or its own) locale: %#', (link, url) => {
    expect(render(link)).toBe(`<a href="${url}"></a>`);
  });
});

describe('Form', () => {
  it('posts to the page on screen by default, and to `to` under the base path and the locale', () => {
    expect(render(<Form action="add" />)).toContain('action="/store/fr/products/x?tab=1"');
    expect(render(<Form action="add" to={href('cart')} />)).toContain('action="/store/fr/cart"');
  });
});

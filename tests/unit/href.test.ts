import { compile } from 'path-to-regexp';
import { describe, expect, it } from 'vitest';
import { fillPattern, typedHref, urlOf } from '../../shared/routing/href.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';

const routes = {
  id: 'root',
  children: [
    { id: 'home', path: '/' },
    { id: 'product', path: '/products/:id' },
    { id: 'shop-layout', path: '/shop', children: [{ id: 'shop', path: '{/*category}' }] },
    { id: 'help-layout', path: '/help', children: [{ id: 'help', path: '/*slug' }] },
  ],
} as const satisfies RouteNode;

const href = typedHref(routes);
/** The same function without its types, for the calls the typecheck refuses. */
const untypedHref = href as unknown as (routeId: string, params?: object) => string;

describe('href', () => {
  it('fills the route pattern, encoding each value: the app path, with no base path or locale prefix', () => {
    expect(href('product', { id: 'chef knife/20cm' })).toBe('/products/chef%20knife%2F20cm');
    expect(href('home')).toBe('/');
  });

  it('joins a catch-all and leaves out an optional group without its param', () => {
    expect(href('shop')).toBe('/shop');
    expect(href('shop', { category: ['kitchen', 'knives & forks'] })).toBe(
      '/shop/kitchen/knives%20%26%20forks',
    );
    expect(href('help', { slug: ['shipping', 'times'] })).toBe('/help/shipping/times');
  });

  it('adds search (string, record or URLSearchParams, empty values left out) and hash', () => {
    expect(href('shop', {}, { search: { sort: 'name', page: 2, gone: undefined } })).toBe(
      '/shop?sort=name&page=2',
    );
    expect(href('shop', {}, { search: 'a=1', hash: 'top' })).toBe('/shop?a=1#top');
    expect(href('shop', {}, { search: new URLSearchParams([['q', 'a b']]), hash: '#x' })).toBe(
      '/shop?q=a+b#x',
    );
    expect(href('shop', {}, { search: {} })).toBe('/shop');
  });

  it('refuses a missing or misshapen param, and an id that is no route', () => {
    expect(() => untypedHref('product')).toThrow(/param "id" is missing or not a string/);
    expect(() => untypedHref('product', { id: '' })).toThrow(/param "id"/);
    expect(() => untypedHref('help', { slug: 'a/b' })).toThrow(/param "slug" is missing or not a list/);
    expect(() => untypedHref('help', { slug: [] })).toThrow(/param "slug"/);
    expect(() => untypedHref('shop-layout')).toThrow(
      /"shop-layout" is not a route \(home, product, shop, help\)/,
    );
  });
});

describe('fillPattern', () => {
  // The matcher reads patterns with path-to-regexp; the filler must read them the same way.
  it.each<[string, Record<string, string | string[]>]>([
    ['/', {}],
    ['/products/:id', { id: 'chef-knife' }],
    ['/products/:id', { id: 'a b/c?d#e' }],
    ['/:a-:b.json', { a: 'x', b: 'y' }],
    ['/q/:"my name"', { 'my name': 'x' }],
    ['/price\\:low/:id', { id: 'x' }],
    ['/help/*slug', { slug: ['shipping', 'delivery times'] }],
    ['/shop{/*category}', {}],
    ['/shop{/*category}', { category: ['kitchen', 'knives'] }],
    ['/files/*path', { path: ['a%b', 'ü'] }],
  ])('fills %s as path-to-regexp compiles it (%j)', (pattern, params) => {
    expect(fillPattern(pattern, params)).toBe(compile(pattern)(params));
  });
});

describe('urlOf', () => {
  const locales = createLocales({ list: ['en', 'fr'], default: 'en' });
  const french = { basePath: '/store', locales, locale: 'fr' };

  it.each([
    [href('product', { id: 'x' }), undefined, '/store/fr/products/x'],
    [href('home'), undefined, '/store/fr'],
    [href('shop', {}, { search: { page: 2 }, hash: 'top' }), undefined, '/store/fr/shop?page=2#top'],
    [href('home'), 'en', '/store'],
    [href('product', { id: 'x' }), 'en', '/store/products/x'],
    ['https://payments.example/pay', undefined, 'https://payments.example/pay'],
    ['mailto:help@example.com', 'en', 'mailto:help@example.com'],
  ] as const)('puts %s under the base path and the prefix of %s (the page is French)', (target, locale, url) => {
    expect(urlOf(target, french, locale)).toBe(url);
  });

  it('refuses a locale the app does not have', () => {
    expect(() => urlOf(href('home'), french, 'es')).toThrow(/"es" is not one of the app's locales/);
  });
});

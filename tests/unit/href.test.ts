import { afterEach, describe, expect, it } from 'vitest';
import { readServerHrefScope, runInHrefScope } from '../../server/render/href-scope.ts';
import { fillPattern, routeHref, setHrefScope } from '../../shared/routing/href.ts';
import { createLocales } from '../../shared/routing/locale.ts';

const patterns: Record<string, string> = {
  home: '/',
  product: '/products/:id',
  shop: '/shop{/*category}',
  help: '/help/*slug',
  quoted: '/q/:"my name"',
  escaped: '/price\\:low',
};

const locales = createLocales({ list: ['en', 'fr'], default: 'en' });

function useScope(basePath: string, locale: 'en' | 'fr' = 'en') {
  setHrefScope(() => ({ basePath, locales, locale, pathOf: (id) => patterns[id] }));
}

afterEach(() => setHrefScope(() => undefined));

describe('href', () => {
  it('fills params, encoding each value, and adds the base path and the locale prefix', () => {
    useScope('/store', 'fr');
    expect(routeHref('product', { id: 'chef knife/20cm' })).toBe('/store/fr/products/chef%20knife%2F20cm');
    expect(routeHref('home')).toBe('/store/fr');
    expect(routeHref('home', {}, { locale: 'en' })).toBe('/store');
  });

  it('joins a catch-all and leaves out an optional group without its param', () => {
    useScope('');
    expect(routeHref('shop')).toBe('/shop');
    expect(routeHref('shop', { category: ['kitchen', 'knives & forks'] })).toBe(
      '/shop/kitchen/knives%20%26%20forks',
    );
    expect(routeHref('help', { slug: ['shipping', 'times'] })).toBe('/help/shipping/times');
  });

  it('adds search (string, record or URLSearchParams, empty values left out) and hash', () => {
    useScope('');
    expect(routeHref('shop', {}, { search: { sort: 'name', page: 2, gone: undefined } })).toBe(
      '/shop?sort=name&page=2',
    );
    expect(routeHref('shop', {}, { search: 'a=1', hash: 'top' })).toBe('/shop?a=1#top');
    expect(routeHref('shop', {}, { search: new URLSearchParams([['q', 'a b']]), hash: '#x' })).toBe(
      '/shop?q=a+b#x',
    );
    expect(routeHref('shop', {}, { search: {} })).toBe('/shop');
  });

  it('reads quoted names and escaped characters as path-to-regexp does', () => {
    expect(fillPattern(patterns.quoted as string, { 'my name': 'x' })).toBe('/q/x');
    expect(fillPattern(patterns.escaped as string, {})).toBe('/price:low');
  });

  it('refuses a missing or misshapen param', () => {
    useScope('');
    expect(() => routeHref('product')).toThrow(/param "id" is missing or not a string/);
    expect(() => routeHref('product', { id: '' })).toThrow(/param "id"/);
    expect(() => routeHref('help', { slug: 'a/b' })).toThrow(/param "slug" is missing or not a list/);
    expect(() => routeHref('help', { slug: [] })).toThrow(/param "slug"/);
  });

  it("on the server, refuses an unknown route and a call outside any request (the server's scope checks)", () => {
    setHrefScope(readServerHrefScope);
    expect(() => routeHref('product', { id: 'x' })).toThrow(/outside a request or page/);
    const scope = { basePath: '', locales, locale: 'en', pathOf: (id: string) => patterns[id] };
    expect(runInHrefScope(scope, () => routeHref('product', { id: 'x' }))).toBe('/products/x');
    expect(() => runInHrefScope(scope, () => routeHref('nope'))).toThrow(/no route "nope"/);
  });
});

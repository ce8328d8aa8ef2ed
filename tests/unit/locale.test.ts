import { describe, expect, it } from 'vitest';
import { buildHref } from '../../shared/routing/href.ts';
import { splitLocalePrefix } from '../../shared/routing/locale.ts';

describe('splitLocalePrefix', () => {
  it.each([
    ['/', { type: 'page', locale: 'en', path: '/' }],
    ['/shop', { type: 'page', locale: 'en', path: '/shop' }],
    ['/fr', { type: 'page', locale: 'fr', path: '/' }],
    ['/fr/shop/kitchen', { type: 'page', locale: 'fr', path: '/shop/kitchen' }],
    ['/DE/help', { type: 'page', locale: 'de', path: '/help' }],
    ['/Fr', { type: 'page', locale: 'fr', path: '/' }],
    ['/en', { type: 'default-spelled-out', path: '/' }],
    ['/en/shop', { type: 'default-spelled-out', path: '/shop' }],
    ['/french', { type: 'page', locale: 'en', path: '/french' }],
    ['/frx/a', { type: 'page', locale: 'en', path: '/frx/a' }],
  ])('splits %s', (path, expected) => {
    expect(splitLocalePrefix(path)).toEqual(expected);
  });
});

describe('buildHref', () => {
  it.each([
    ['', 'en', '/', '/'],
    ['', 'en', '/shop', '/shop'],
    ['', 'fr', '/', '/fr'],
    ['', 'fr', '/shop?page=2', '/fr/shop?page=2'],
    ['', 'de', '/?q=1', '/de?q=1'],
    ['/store', 'en', '/', '/store'],
    ['/store', 'en', '/cart', '/store/cart'],
    ['/store', 'de', '/', '/store/de'],
    ['/store', 'de', '/help#top', '/store/de/help#top'],
  ] as const)('base %j, locale %s, path %s -> %s', (base, locale, path, expected) => {
    expect(buildHref(base, locale, path)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { buildHref } from '../../shared/routing/href.ts';
import { splitLocalePrefix } from '../../shared/routing/locale.ts';

describe('splitLocalePrefix', () => {
  it.each([
    ['/', { type: 'default', path: '/' }],
    ['/shop', { type: 'default', path: '/shop' }],
    ['/fr', { type: 'prefixed', locale: 'fr', path: '/' }],
    ['/fr/shop/kitchen', { type: 'prefixed', locale: 'fr', path: '/shop/kitchen' }],
    ['/DE/help', { type: 'prefixed', locale: 'de', path: '/help' }],
    ['/Fr', { type: 'prefixed', locale: 'fr', path: '/' }],
    ['/en', { type: 'default-prefixed', path: '/' }],
    ['/en/shop', { type: 'default-prefixed', path: '/shop' }],
    ['/french', { type: 'default', path: '/french' }],
    ['/frx/a', { type: 'default', path: '/frx/a' }],
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

import { describe, expect, it } from 'vitest';
import { buildHref } from '../../shared/routing/href.ts';
import { createLocales, type LocalePath, type LocalesDeclaration } from '../../shared/routing/locale.ts';

const page = (locale: string, path: string): LocalePath => ({ type: 'page', locale, path });
const redirect = (locale: string, path: string): LocalePath => ({ type: 'redirect', locale, path });

/** Each declaration with the paths it splits and the prefix of each of its locales. */
const DECLARATIONS: [string, LocalesDeclaration, [string, LocalePath][], Record<string, string>][] = [
  [
    'three locales, the default unprefixed',
    { list: ['en', 'fr', 'de'], default: 'en' },
    [
      ['/', page('en', '/')],
      ['/shop', page('en', '/shop')],
      ['/fr', page('fr', '/')],
      ['/fr/shop/kitchen', page('fr', '/shop/kitchen')],
      ['/DE/help', page('de', '/help')],
      ['/Fr', page('fr', '/')],
      ['/en', redirect('en', '/')],
      ['/en/shop', redirect('en', '/shop')],
      ['/french', page('en', '/french')],
      ['/frx/a', page('en', '/frx/a')],
      ['/es/a', page('en', '/es/a')],
    ],
    { en: '', fr: '/fr', de: '/de' },
  ],
  [
    'one locale: no prefixes at all',
    { list: ['en'], default: 'en' },
    [
      ['/', page('en', '/')],
      ['/shop', page('en', '/shop')],
      ['/en/shop', page('en', '/en/shop')],
      ['/fr/shop', page('en', '/fr/shop')],
    ],
    { en: '' },
  ],
  [
    'a prefixed default',
    { list: ['es', 'en'], default: 'es', prefixDefault: true },
    [
      ['/', redirect('es', '/')],
      ['/notas', redirect('es', '/notas')],
      ['/es', page('es', '/')],
      ['/es/notas', page('es', '/notas')],
      ['/EN/notas', page('en', '/notas')],
      ['/fr/notas', redirect('es', '/fr/notas')],
      ['/espanol', redirect('es', '/espanol')],
    ],
    { es: '/es', en: '/en' },
  ],
];

describe.each(DECLARATIONS)('createLocales: %s', (_name, declaration, paths, prefixes) => {
  const locales = createLocales(declaration);

  it.each(paths)('splits %s', (path, expected) => {
    expect(locales.splitPrefix(path)).toEqual(expected);
  });

  it('gives each locale its prefix, and knows only its own', () => {
    for (const [locale, prefix] of Object.entries(prefixes)) {
      expect(locales.prefixOf(locale)).toBe(prefix);
      expect(locales.isLocale(locale)).toBe(true);
    }
    expect(locales.isLocale('xx')).toBe(false);
    expect(() => locales.prefixOf('xx')).toThrow(/"xx" is not one of the app's locales/);
  });

  it('reads a URL path under the base path, and nothing outside it', () => {
    const [path, expected] = paths[1] as [string, LocalePath];
    expect(locales.parseAppPath(`/store${path}`, '/store')).toEqual(expected);
    expect(locales.parseAppPath('/store', '/store')).toEqual(locales.splitPrefix('/'));
    expect(locales.parseAppPath('/storex/a', '/store')).toBeNull();
  });

  it('lists the locales and names the default', () => {
    expect(locales.list).toEqual(declaration.list);
    expect(locales.default).toBe(declaration.default);
  });
});

describe('createLocales refuses a bad declaration, naming it', () => {
  it.each([
    [{ list: [], default: 'en' }, /declares no locales/],
    [{ list: ['en', 'FR'], default: 'en' }, /"FR" is not a lower-case language tag/],
    [{ list: ['en', '_data'], default: 'en' }, /"_data" is not a lower-case language tag/],
    [{ list: ['en', 'fr', 'en'], default: 'en' }, /repeat one: en, fr, en/],
    [{ list: ['en', 'fr'], default: 'de' }, /default locale "de" is not in the app's list \(en, fr\)/],
  ])('%j', (declaration, message) => {
    expect(() => createLocales(declaration)).toThrow(message);
  });
});

describe('buildHref', () => {
  it.each([
    ['', '', '/', '/'],
    ['', '', '/shop', '/shop'],
    ['', '/fr', '/', '/fr'],
    ['', '/fr', '/shop?page=2', '/fr/shop?page=2'],
    ['', '/de', '/?q=1', '/de?q=1'],
    ['/store', '', '/', '/store'],
    ['/store', '', '/cart', '/store/cart'],
    ['/store', '/de', '/', '/store/de'],
    ['/store', '/de', '/help#top', '/store/de/help#top'],
  ] as const)('base %j, prefix %j, path %s -> %s', (base, prefix, path, expected) => {
    expect(buildHref(base, prefix, path)).toBe(expected);
  });
});

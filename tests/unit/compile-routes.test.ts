import { describe, expect, it } from 'vitest';
import { compileRoutes, RouteTableError } from '../../shared/routing/compile-routes.ts';
import { createRouteMatcher } from '../../shared/routing/route-matcher.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';

const module = async () => ({ default: () => null });
const route = (id: string, path: string): RouteNode => ({ id, path, module });

// Declared in an order that would give wrong answers if matching followed declaration order.
const table = compileRoutes([
  route('shop', '/shop{/*category}'),
  route('help-article', '/help/*slug'),
  route('product', '/products/:id'),
  route('product-new', '/products/new'),
  route('help', '/help'),
  route('sale', '/shop/sale'),
  route('home', '/'),
  route('user-files', '/users/:user/files/*path'),
  route('user-settings', '/users/:user/settings'),
  route('any-settings', '/:section/settings'),
]);

describe('compileRoutes: matching and ranking', () => {
  it.each([
    ['/', 'home', {}],
    ['/help', 'help', {}],
    ['/help/shipping', 'help-article', { slug: ['shipping'] }],
    ['/help/shipping/delivery-times', 'help-article', { slug: ['shipping', 'delivery-times'] }],
    ['/products/chef-knife', 'product', { id: 'chef-knife' }],
    ['/products/new', 'product-new', {}],
    ['/shop', 'shop', {}],
    ['/shop/kitchen', 'shop', { category: ['kitchen'] }],
    ['/shop/kitchen/knives', 'shop', { category: ['kitchen', 'knives'] }],
    ['/shop/sale', 'sale', {}],
    ['/users/ada/settings', 'user-settings', { user: 'ada' }],
    ['/users/ada/files/a/b.txt', 'user-files', { user: 'ada', path: ['a', 'b.txt'] }],
    ['/help/settings', 'help-article', { slug: ['settings'] }],
    ['/account/settings', 'any-settings', { section: 'account' }],
  ])('matches %s to %s', (path, id, params) => {
    const match = table.match(path);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toEqual(params);
  });

  it.each([
    '/products',
    '/products/',
    '/products/a/b',
    '/Help',
    '/HELP/shipping',
    '/nothing-here',
    '/help/',
  ])('does not match %s', (path) => {
    expect(table.match(path)).toBeNull();
  });

  it('decodes dynamic params', () => {
    expect(table.match('/products/caf%C3%A9')?.params).toEqual({ id: 'café' });
    expect(table.match('/products/a%2Fb')?.params).toEqual({ id: 'a/b' });
  });

  it('splits catch-all captures on "/" before decoding, so %2F stays inside one piece', () => {
    expect(table.match('/help/a%2Fb/c')?.params).toEqual({ slug: ['a/b', 'c'] });
    expect(table.match('/shop/k%C3%BCche%2Fmesser')?.params).toEqual({ category: ['küche/messer'] });
  });

  it.each([
    '/products/%E0%A4%A',
    '/products/%C0%AF',
    '/help/%',
  ])('throws URIError for malformed encoding in %s', (path) => {
    expect(() => table.match(path)).toThrow(URIError);
  });

  it('ranks routes the same whatever their declaration order', () => {
    const reversed = compileRoutes([route('a', '/products/:id'), route('b', '/products/new')]);
    const forward = compileRoutes([route('b', '/products/new'), route('a', '/products/:id')]);
    expect(reversed.match('/products/new')?.route.id).toBe('b');
    expect(forward.match('/products/new')?.route.id).toBe('b');
  });

  it('ranks static > dynamic > catch-all > optional catch-all at each segment', () => {
    const ranked = compileRoutes([
      route('optional', '/docs{/*rest}'),
      route('catch-all', '/docs/*rest'),
      route('dynamic', '/docs/:page'),
      route('static', '/docs/intro'),
    ]);
    expect(ranked.match('/docs/intro')?.route.id).toBe('static');
    expect(ranked.match('/docs/other')?.route.id).toBe('dynamic');
    expect(ranked.match('/docs/a/b')?.route.id).toBe('catch-all');
    expect(ranked.match('/docs')?.route.id).toBe('optional');
    expect(ranked.routes.map((compiled) => compiled.definition.id)).toEqual([
      'static',
      'dynamic',
      'catch-all',
      'optional',
    ]);
  });

  it('finds routes by id', () => {
    expect(table.byId('product')?.path).toBe('/products/:id');
    expect(table.byId('nope')).toBeUndefined();
  });
});

describe('createRouteMatcher: the browser matches with patterns precompiled to JSON', () => {
  const definitions = table.routes.map((compiled) => compiled.definition);
  const precompiled = createRouteMatcher(definitions, JSON.parse(JSON.stringify(table.patterns)));

  it.each([
    '/',
    '/help/shipping/delivery-times',
    '/products/caf%C3%A9',
    '/products/new',
    '/shop',
    '/shop/k%C3%BCche%2Fmesser/x',
    '/users/ada/files/a/b.txt',
    '/account/settings',
    '/products/a/b',
    '/Help',
  ])('gives the same answer as the compiled table for %s', (path) => {
    expect(precompiled.match(path)).toEqual(table.match(path));
  });

  it('throws URIError for malformed encoding, as the server does', () => {
    expect(() => precompiled.match('/products/%C0%AF')).toThrow(URIError);
  });

  it('leaves out the patterns of leaves not in its tree (the debug routes the server does not serve)', () => {
    const withoutShop = createRouteMatcher(
      definitions.filter((definition) => definition.id !== 'shop'),
      table.patterns,
    );
    expect(withoutShop.match('/shop/kitchen')).toBeNull();
    expect(withoutShop.pathOf('shop')).toBeUndefined();
    expect(withoutShop.match('/shop/sale')).toEqual(table.match('/shop/sale'));
  });
});

describe('compileRoutes: failures at start', () => {
  it.each([
    [
      [route('a', '/p/:id'), route('b', '/p/:slug')],
      /"a" \(\/p\/:id\) and "b" \(\/p\/:slug\) match the same URLs/,
    ],
    [[route('a', '/x/*rest'), route('b', '/x/*other')], /"a" .* and "b" .* match the same URLs/],
    [[route('a', '/same'), route('b', '/same')], /"a" .* and "b" .* match the same URLs/],
    [[route('a', '/p/:'), route('b', '/ok')], /Route "a": bad pattern "\/p\/:"/],
    [[route('a', '/p/{unclosed')], /Route "a": bad pattern/],
    [[route('a', 'relative')], /Route "a": path piece "relative" must start with "\/" or "{"/],
    [[route('a', '/trailing/')], /must not end with "\/"/],
    [[route('a', '/a'), route('a', '/b')], /Duplicate route id "a"/],
    [[route('a', '/x{-:suffix}')], /optional group other than/],
    [
      [route('a', '/_data/x')],
      /Route "a": pattern "\/_data\/x" starts with "_data", which the runtime answers itself/,
    ],
    [[route('a', '/monitoring')], /starts with "monitoring"/],
    [[route('a', '/_assets{/*rest}')], /starts with "_assets"/],
  ])('rejects an invalid table (%#)', (definitions, message) => {
    expect(() => compileRoutes(definitions)).toThrow(RouteTableError);
    expect(() => compileRoutes(definitions)).toThrow(message);
  });
});

describe('compileRoutes: route trees', () => {
  const node = (id: string, path?: string, children?: RouteNode[]): RouteNode => ({
    id,
    ...(path === undefined ? {} : { path }),
    module,
    ...(children ? { children } : {}),
  });
  // Declared so that declaration order would give wrong answers.
  const tree = compileRoutes([
    node('root', undefined, [
      node('docs', '/docs', [node('doc', '/*slug'), node('docs-index'), node('doc-new', '/new')]),
      node('marketing', undefined, [node('about', '/about'), node('pricing', '/pricing')]),
      node('shop', '/shop', [node('category', '{/*path}'), node('product', '/p/:id')]),
      node('home', '/'),
    ]),
  ]);

  it.each([
    ['/', 'home', ['root', 'home'], {}],
    ['/docs', 'docs-index', ['root', 'docs', 'docs-index'], {}],
    ['/docs/new', 'doc-new', ['root', 'docs', 'doc-new'], {}],
    ['/docs/a/b', 'doc', ['root', 'docs', 'doc'], { slug: ['a', 'b'] }],
    ['/about', 'about', ['root', 'marketing', 'about'], {}],
    ['/shop', 'category', ['root', 'shop', 'category'], {}],
    ['/shop/garden/tools', 'category', ['root', 'shop', 'category'], { path: ['garden', 'tools'] }],
    ['/shop/p/knife', 'product', ['root', 'shop', 'product'], { id: 'knife' }],
  ])('matches %s to %s through its branch', (path, id, branch, params) => {
    const match = tree.match(path);
    expect(match?.route.id).toBe(id);
    expect(match?.branch.map(({ node: segment }) => segment.id)).toEqual(branch);
    expect(match?.params).toEqual(params);
  });

  it('joins the path pieces of a branch into the leaf’s pattern', () => {
    expect(tree.pathOf('doc')).toBe('/docs/*slug');
    expect(tree.pathOf('docs-index')).toBe('/docs');
    expect(tree.pathOf('category')).toBe('/shop{/*path}');
    expect(tree.pathOf('about')).toBe('/about');
  });

  it('says which params decide each segment of a branch', () => {
    expect(tree.branchOf('product')?.map(({ node: segment, params }) => [segment.id, params])).toEqual([
      ['root', []],
      ['shop', []],
      ['product', ['id']],
    ]);
  });

  it('matches only leaves: a layout with children is not a page', () => {
    expect(tree.match('/nowhere')).toBeNull();
    const noIndex = compileRoutes([node('root', undefined, [node('docs', '/docs', [node('doc', '/:id')])])]);
    expect(noIndex.match('/docs')).toBeNull();
  });

  it.each<[RouteNode[], RegExp]>([
    [
      [node('root', undefined, [node('a', '/a'), node('group', undefined, [node('b', '/a')])])],
      /Routes "a" \(\/a\) and "b" \(\/a\) match the same URLs at the same rank/,
    ],
    [[node('root', undefined, [node('x', '/x', [node('root')])])], /Duplicate route id "root"/],
    [[node('root', undefined, [node('bad', 'docs')])], /Route "bad": path piece "docs" must start/],
  ])('fails at start on an invalid tree (%#)', (invalidTree, message) => {
    expect(() => compileRoutes(invalidTree)).toThrow(message);
  });
});

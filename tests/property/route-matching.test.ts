import { describe, expect, it } from 'vitest';
import { storefrontRoutes } from '../../apps/storefront/routes.ts';
import { compileRoutes } from '../../shared/routing/compile-routes.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';
import { fc } from './property-runs.ts';

const module = async () => ({});
const leaf = (id: string, path: string): RouteNode => ({ id, path, module });
/** A table with every kind of segment at several depths, under a pathless root. */
const table: RouteNode = {
  id: 'root',
  children: [
    leaf('home', '/'),
    leaf('product', '/products/:id'),
    leaf('product-new', '/products/new'),
    leaf('help-article', '/help/*slug'),
    leaf('help', '/help'),
    leaf('shop', '/shop{/*category}'),
    leaf('sale', '/shop/sale'),
    leaf('user-files', '/users/:user/files/*path'),
    leaf('user-settings', '/users/:user/settings'),
    leaf('any-settings', '/:section/settings'),
    {
      id: 'docs',
      path: '/docs',
      children: [leaf('doc', '/*slug'), { id: 'docs-index', module }, leaf('doc-new', '/new')],
    },
  ],
};

/** The same tree with every node's children in any order. */
function shuffledTree(node: RouteNode): fc.Arbitrary<RouteNode> {
  const children = node.children ?? [];
  if (children.length === 0) return fc.constant(node);
  return fc
    .shuffledSubarray([...children], { minLength: children.length, maxLength: children.length })
    .chain((order) => fc.tuple(...order.map(shuffledTree)))
    .map((shuffled) => ({ ...node, children: shuffled }));
}

const word = fc.constantFrom(
  'products',
  'new',
  'help',
  'shop',
  'sale',
  'users',
  'files',
  'settings',
  'docs',
  'kitchen',
  'a',
  'Help',
);
const segment = fc.oneof(word, fc.stringMatching(/^[a-z0-9%.-]{1,8}$/));
const appPath = fc.array(segment, { maxLength: 5 }).map((segments) => `/${segments.join('/')}`);

/** What a table says of a path: the route and params, no match, or malformed encoding (only URIError). */
const outcome = (compiled: ReturnType<typeof compileRoutes>, path: string) => {
  try {
    const match = compiled.match(path);
    return match ? { id: match.route.id, params: match.params } : null;
  } catch (error) {
    expect(error).toBeInstanceOf(URIError);
    return 'malformed';
  }
};

describe('route matching (property)', () => {
  it.each([
    ['a table with every segment kind', table],
    ['the storefront', storefrontRoutes],
  ])('ranks %s the same whatever the declaration order', (_case, tree) => {
    const reference = compileRoutes([tree]);
    // Compiling is the costly part: a few hundred orders, each asked about a batch of paths.
    fc.assert(
      fc.property(shuffledTree(tree), fc.array(appPath, { minLength: 10, maxLength: 10 }), (order, paths) => {
        const compiled = compileRoutes([order]);
        for (const path of paths) expect(outcome(compiled, path)).toEqual(outcome(reference, path));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(appPath, (path) => {
        outcome(reference, path);
      }),
    );
  });

  it('keeps %2F inside one catch-all piece: encoded pieces come back as they were', () => {
    const compiled = compileRoutes([table]);
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, unit: 'grapheme' }), { minLength: 1, maxLength: 5 }),
        (pieces) => {
          const path = `/help/${pieces.map(encodeURIComponent).join('/')}`;
          expect(compiled.match(path)).toEqual(expect.objectContaining({ params: { slug: pieces } }));
        },
      ),
    );
  });
});

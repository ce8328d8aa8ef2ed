/**
 * Type tests of `href()` (checked by `npm run typecheck`, never run): each `@ts-expect-error` line must fail
 * to typecheck, so loosening the types makes the typecheck fail on an unused directive.
 */

import { categoryHref, href } from '../../apps/storefront/href.ts';
import { redirect } from '../../shared/routing/control-signals.ts';
import type { Href } from '../../shared/routing/href.ts';
import type { PathParams, PathParamsInput } from '../../shared/routing/route-types.ts';
import { Form } from '../../shared/ui/form.tsx';
import { Link } from '../../shared/ui/link.tsx';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <_ extends true>() => {};

export function hrefs(): Href[] {
  return [
    href('home'),
    href('product', { id: 'chef-knife-20cm' }),
    href('product', { id: 'chef-knife-20cm' }, { search: { added: 2 }, hash: 'reviews' }),
    href('shop'),
    href('shop', { category: ['kitchen', 'knives'] }),
    href('help-article', { slug: ['shipping', 'delivery-times'] }),
    href('sitemap'),
    categoryHref('kitchen'),
    // @ts-expect-error an unknown route id
    href('products', { id: 'x' }),
    // @ts-expect-error a layout is not a route
    href('shop-layout'),
    // @ts-expect-error a missing param
    href('product'),
    // @ts-expect-error a missing param
    href('product', {}),
    // @ts-expect-error an extra param
    href('product', { id: 'x', colour: 'red' }),
    // @ts-expect-error an extra param on a route without params
    href('cart', { id: 'x' }),
    // @ts-expect-error a catch-all takes a list of segments
    href('help-article', { slug: 'shipping/delivery-times' }),
    // @ts-expect-error a plain param takes a string
    href('product', { id: ['x'] }),
    // @ts-expect-error a plain param takes a string, not a number
    href('product', { id: 42 }),
    // @ts-expect-error href() builds the app path: the locale is the Link's (or urlOf's)
    href('home', {}, { locale: 'fr' }),
  ];
}

export function targets() {
  redirect(href('cart'));
  redirect('https://payments.example/checkout');
  // @ts-expect-error an internal path must come from href()
  redirect('/cart');
  return [
    Link({ to: href('cart') }),
    Link({ to: href('home'), locale: 'fr' }),
    Link({ to: 'mailto:help@example.com' }),
    // @ts-expect-error an internal path must come from href()
    Link({ to: '/cart' }),
    Form({ action: 'add', to: href('cart') }),
    // @ts-expect-error a form posts to a route
    Form({ action: 'add', to: '/cart' }),
  ];
}

// The params of path-to-regexp patterns: plain, catch-all, optional groups, quoted names, escapes.
assertType<Equal<PathParams<'/products/:id'>, { id: string }>>();
assertType<Equal<PathParams<'/shop{/*category}'>, { category?: string[] }>>();
assertType<Equal<PathParams<'/files/*path'>, { path: string[] }>>();
assertType<Equal<PathParams<'/:a-:b.json'>, { a: string; b: string }>>();
assertType<Equal<PathParams<'/:"with space"'>, { 'with space': string }>>();
assertType<Equal<keyof PathParams<'/price\\:low'>, never>>();
assertType<Equal<keyof PathParams<'/'>, never>>();
assertType<Equal<PathParamsInput<'/*slug'>, { slug: readonly string[] }>>();

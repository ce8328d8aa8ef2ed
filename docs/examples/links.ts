import { href } from '../../apps/storefront/href.ts';

// #region href-calls
export const productPage = href('product', { id: 'chef-knife-20cm' });
// '/products/chef-knife-20cm'
export const knivesByName = href('shop', { category: ['kitchen', 'knives'] }, { search: { sort: 'name' } });
// '/shop/kitchen/knives?sort=name'
export const shippingTop = href('help-article', { slug: ['shipping'] }, { hash: 'top' });
// '/help/shipping#top'

// @ts-expect-error: no route has the id 'products' (a typo, or a renamed route)
export const unknownRoute = () => href('products', { id: 'chef-knife-20cm' });
// @ts-expect-error: a catch-all takes a list of segments, not a string
export const wrongShape = () => href('help-article', { slug: 'shipping' });
// #endregion href-calls

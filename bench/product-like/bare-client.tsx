// The product-like page's one client script on the bare side: hydrates the page from the inlined data.
import { hydrateRoot } from 'react-dom/client';
import { BareDocument } from '../light/bare-document.tsx';
import { ProductDetail } from './product-detail.tsx';
import type { ProductPage } from './product-pages.ts';

const data = (window as unknown as { __DATA: ProductPage }).__DATA;

hydrateRoot(
  document,
  <BareDocument title={data.product.name}>
    <ProductDetail product={data.product} related={data.related} />
  </BareDocument>,
);

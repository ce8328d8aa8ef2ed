import type { Head } from '#runtime/shared';
import { ProductDetail } from './product-detail.tsx';
import type { Props } from './routes.ts';

export default function ProductRoute({ data }: Props<'product'>) {
  return <ProductDetail product={data.product} related={data.related} />;
}

export const head = ({ data }: Props<'product'>): Head => ({ title: data.product.name });

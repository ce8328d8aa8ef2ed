import { ProductTable } from './product-table.tsx';
import type { Props } from './routes.ts';

export default function ProductsPage({ data }: Props<'products'>) {
  return <ProductTable rows={data.rows} />;
}

export const head = () => ({ title: 'Products' });

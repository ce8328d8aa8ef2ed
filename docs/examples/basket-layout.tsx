import { Link, Outlet, type SegmentProps } from '#runtime/shared';
import { href } from './basket-routes.ts';

/** The example's root layout: the visitor's basket count, or `…` on a page every visitor shares. */
export default function BasketLayout({ data }: SegmentProps<{ basketCount: number } | null>) {
  return (
    <main>
      <nav>
        <Link to={href('offers')}>Offers</Link>{' '}
        <Link to={href('basket')}>{`Basket (${data?.basketCount ?? '…'})`}</Link>
      </nav>
      <Outlet />
    </main>
  );
}

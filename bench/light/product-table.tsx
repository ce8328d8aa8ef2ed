import type { LightRow } from './rows.ts';

const LINKS = [
  ['/', 'Home'],
  ['/products', 'Products'],
  ['/offers', 'Offers'],
  ['/help', 'Help'],
  ['/cart', 'Cart'],
] as const;

export const price = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** The header's links, the same on every page of the bench's apps. */
export function MainNav() {
  return (
    <nav aria-label="Main">
      {LINKS.map(([href, label]) => (
        <a key={href} href={href} className="header__link">
          {label}
        </a>
      ))}
    </nav>
  );
}

/**
 * The light page of `npm run bench`: a header with 5 links and a table of 50 products. The same component is
 * served through our runtime and by the bare renderer (bench/light/bare-server.tsx).
 */
export function ProductTable({ rows }: { rows: readonly LightRow[] }) {
  return (
    <div className="page">
      <header className="header">
        <MainNav />
      </header>
      <main>
        <h1>Products</h1>
        <table className="products">
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Product</th>
              <th scope="col">Category</th>
              <th scope="col">Price</th>
              <th scope="col">In stock</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.sku} className={row.stock === 0 ? 'products__row is-empty' : 'products__row'}>
                <td className="products__sku">{row.sku}</td>
                <th scope="row">
                  <a href={`/products/${row.sku}`} className="products__name">
                    {row.name}
                  </a>
                </th>
                <td>{row.category}</td>
                <td className="products__price">{price(row.priceCents)}</td>
                <td className="products__stock">{row.stock === 0 ? 'Sold out' : `${row.stock} left`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </div>
  );
}

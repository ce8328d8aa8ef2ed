import { MainNav, price } from '../light/product-table.tsx';
import type { ProductPage } from './product-pages.ts';

const COLUMNS = ['SKU', 'Product', 'Category', 'Price', 'Stock'];
const stockText = (stock: number) => (stock === 0 ? 'Sold out' : `${stock} left`);

/**
 * The product-like page of `npm run bench`'s wrk pair, shaped like the page of an independent bench: a header
 * with links, a product with its description, and a table of 50 products with a link each. The same
 * component is served through our runtime (app.ts) and by the bare renderer (bare-server.tsx).
 */
export function ProductDetail({ product, related }: ProductPage) {
  return (
    <div className="page">
      <header className="header">
        <a href="/" className="header__brand">
          Shop
        </a>
        <MainNav />
      </header>
      <main>
        <article className="product">
          <h1>{product.name}</h1>
          <p className="product__price">{price(product.priceCents)}</p>
          <p className="product__stock">{stockText(product.stock)}</p>
          {product.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </article>
        <section aria-labelledby="related-title">
          <h2 id="related-title">More from the shop</h2>
          <table className="related">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {related.map((row) => (
                <tr key={row.sku} className="related__row">
                  <td className="related__sku">{row.sku}</td>
                  <td>
                    <a href={`/products/${row.sku}`} className="related__name">
                      {row.name}
                    </a>
                  </td>
                  <td>{row.category}</td>
                  <td className="related__price">{price(row.priceCents)}</td>
                  <td className="related__stock">{stockText(row.stock)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </main>
    </div>
  );
}

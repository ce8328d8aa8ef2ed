// The wrk pair's product-like page (bench/product-like/), served as a user's app would be: what the bench
// measures against the bare renderer is a working product page with its 50 linked products.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LIGHT_ROWS } from '../../bench/light/rows.ts';
import productLikeApp from '../../bench/product-like/app.ts';
import productLikeServerApp from '../../bench/product-like/server-app.ts';
import { createTestApp } from '../../server/test-kit.ts';

describe('the product-like app of the bench', () => {
  const app = createTestApp({ app: productLikeApp, server: productLikeServerApp });

  it('renders a product, its description and a table of 50 products that link to theirs', async () => {
    const page = await request(app.server).get('/products/sku-002').expect(200);
    expect(page.text).toContain('<title>Brass pan 2</title>');
    expect(page.text).toContain('<h1>Brass pan 2</h1>');
    expect(page.text).toContain('The Brass pan 2 is made for everyday use in the home');
    expect(page.text.match(/class="related__row"/g)).toHaveLength(50);
    for (const row of LIGHT_ROWS) expect(page.text).toContain(`href="/products/${row.sku}"`);
  });

  it('answers 404 for a product it does not have', async () => {
    await request(app.server).get('/products/sku-999').expect(404);
  });
});

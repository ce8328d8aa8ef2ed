// The bench's light page (bench/light/), which bench/LOG.md quotes, served as a user's app would be:
// what the bench measures against the bare renderer is a working page of 50 products.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import lightApp from '../../bench/light/app.ts';
import { LIGHT_ROWS } from '../../bench/light/rows.ts';
import lightServerApp from '../../bench/light/server-app.ts';
import { createTestApp } from '../../server/test-kit.ts';

describe('the light app of the bench', () => {
  it('renders its 50 products from its data step', async () => {
    const app = createTestApp({ app: lightApp, server: lightServerApp });
    const page = await request(app.server).get('/products').expect(200);
    expect(LIGHT_ROWS).toHaveLength(50);
    for (const row of LIGHT_ROWS) expect(page.text).toContain(row.sku);
    expect(page.text).toContain('<title>Products</title>');
  });
});

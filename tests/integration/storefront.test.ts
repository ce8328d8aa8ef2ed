import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

describe('the storefront', () => {
  const app = createStorefrontApp();

  it.each([
    ['/', 'Maison Nord'],
    ['/shop', '/products/chef-knife-20cm'],
    ['/shop/kitchen', 'Kitchen'],
    ['/shop/kitchen/knives', 'Chef knife 20 cm'],
    ['/products/chef-knife-20cm', 'Chef knife 20 cm'],
    ['/help', '/help/shipping/delivery-times'],
    ['/help/shipping/delivery-times', '<h1'],
    ['/cart', '<h1'],
  ])('serves %s', async (path, text) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain(text);
  });

  it.each([
    '/products/no-such-product',
    '/shop/no-such-category',
    '/shop/kitchen/nope',
    '/help/nope',
    '/help/shipping/nope',
  ])('answers %s with the 404 page', async (path) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(404);
    expect(response.text).toContain('404: This page could not be found.');
  });

  it('lists at least 48 products on /shop, 24 a page, each once', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await request(app).get(`/shop?page=${page}`).expect(200);
      const onPage = new Set(response.text.match(/href="\/products\/[a-z0-9-]+"/g));
      expect(onPage.size).toBeLessThanOrEqual(24);
      seen.push(...onPage);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(48);
  });

  it.each([
    ['/products/chef-knife-20cm', '€89.00'],
    ['/fr/products/chef-knife-20cm', '89,00\u00a0€'],
    ['/de/products/chef-knife-20cm', '89,00\u00a0€'],
  ])('formats prices per locale on %s', async (path, price) => {
    const response = await request(app).get(path);
    expect(response.text).toContain(price);
  });

  it.each([
    ['/fr/shop/kitchen', 'Cuisine'],
    ['/de/shop/kitchen', 'Küche'],
    ['/de/shop/kitchen/knives', 'Messer'],
  ])('translates category names on %s', async (path, name) => {
    const response = await request(app).get(path);
    expect(response.text).toContain(name);
  });

  it('streams the related products of a product page after the shell', async () => {
    const response = await request(app).get('/products/chef-knife-20cm');
    expect(response.text).toMatch(/__ssrDeferred\|\|=\[\]\)\.push\(\["product:related",1,\[/);
  });

  it('links the locale switcher through the cookie-setting endpoint, keeping the page', async () => {
    const response = await request(app).get('/shop/kitchen');
    expect(response.text).toContain('href="/_locale/fr?next=%2Fshop%2Fkitchen"');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it, onTestFinished } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import { href } from '../../apps/storefront/href.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import { createRouterDriver, createTestApp } from '../../server/test-kit.ts';
import { redirect } from '../../shared/routing/control-signals.ts';
import { testShopServices } from '../helpers/shop-database.ts';

const shop = { app: storefront, server: storefrontServer };

describe('the test kit, on the storefront', () => {
  it('tests a route: 200, 404, a redirect and an action (the docs example, docs/testing.md)', async () => {
    // The app's own services (its readConfig reads the env): its embedded database in a temporary DATA_DIR.
    // #region test-a-route
    const dataDir = await mkdtemp(path.join(tmpdir(), 'test-kit-'));
    const app = createTestApp(shop, { env: { DATA_DIR: dataDir } });
    onTestFinished(async () => {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    });
    // A fresh embedded database takes seconds to create; pages would wait at most the render deadline.
    await app.started();
    await request(app.server)
      .get('/products/chef-knife-20cm')
      .expect(200, /Chef knife/);
    await request(app.server).get('/products/no-such-thing').expect(404);
    expect((await app.follow('/en/shop')).redirects).toEqual([{ status: 308, location: '/shop' }]);
    const added = await app.submit('/products/chef-knife-20cm', 'add-to-cart', {
      productId: 'chef-knife-20cm',
      quantity: '2',
    });
    expect(added).toMatchObject({ status: 303, location: '/products/chef-knife-20cm?added=2' });
    const cart = await app.follow('/cart', { cookie: added.cookies.join('; ') });
    expect(cart.text).toContain('Chef knife 20 cm');
    // #endregion test-a-route
  });

  it('reads a data answer: the first line, kept segments, and each deferred value', async () => {
    const app = createTestApp(shop, { services: await testShopServices() });
    const answer = await app.data('/products/chef-knife-20cm');
    expect(answer.first).toMatchObject({ type: 'page', routeId: 'product' });
    expect(answer.deferred.get('product:related')?.ok).toBe(true);

    const sorted = await app.data('/shop?sort=name', { keep: ['root', 'shop-layout'] });
    expect(sorted.first).toMatchObject({
      type: 'page',
      segments: [null, null, { id: 'shop', search: { sort: 'name', page: 1 } }],
    });
    expect((await app.data('/shop?sort=cheapest')).first).toMatchObject({ type: 'error', status: 400 });
  });

  it('posts with JavaScript semantics, and replaces a data step per test with monitoring captured', async () => {
    const app = createTestApp(shop, {
      services: await testShopServices(),
      dataSteps: {
        product: () => {
          throw new Error('catalogue down');
        },
        cart: () => redirect(href('home')),
      },
    });
    const posted = await app.submit(
      '/products/chef-knife-20cm',
      'add-to-cart',
      { productId: 'chef-knife-20cm', quantity: 'lots' },
      { javascript: true },
    );
    expect(posted.first).toMatchObject({ type: 'invalid', action: 'add-to-cart' });
    await request(app.server).get('/products/chef-knife-20cm').expect(500);
    expect(app.reported).toEqual([{ error: new Error('catalogue down'), routePattern: 'GET /products/:id' }]);
    expect(app.logs.some((entry) => entry.level === 'error')).toBe(true);
    expect((await app.follow('/cart')).redirects).toEqual([{ status: 302, location: '/' }]);
  });
});

describe('the router model driver', () => {
  it('runs a navigation, a prefetch that goes stale, and a pop, on its own clock', () => {
    const router = createRouterDriver('/');
    router.prefetch('/shop');
    router.prefetchAnswered('/shop');
    router.prefetchSettled('/shop');
    router.advance(31_000);
    const [load] = router.push('/shop');
    expect(load).toMatchObject({ type: 'load', token: 1, url: '/shop', reuseData: false });
    expect(router.loaded(1, '/shop')).toEqual([{ type: 'commit', token: 1, kind: 'push', url: '/shop' }]);
    router.pop('/');
    expect(router.model.pending).toMatchObject({ kind: 'pop', token: 2 });
  });
});

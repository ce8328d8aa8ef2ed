import { describe, expect, it } from 'vitest';
import storefront from '../../apps/storefront/app.ts';
import storefrontServer from '../../apps/storefront/server-app.ts';
import { createTestApp } from '../../server/test-kit.ts';
import { countedSteps, type StepRun, stepsFor } from '../helpers/counted-steps.ts';
import { testShopServices } from '../helpers/shop-database.ts';
import { storefrontDataSteps } from '../helpers/storefront-app.ts';

async function countingShop() {
  const ran: StepRun[] = [];
  const app = createTestApp(
    { app: storefront, server: storefrontServer },
    { services: await testShopServices(), dataSteps: countedSteps(storefrontDataSteps, ran) },
  );
  return { app, ran };
}

const QUICK_ADD = { productId: 'chef-knife-20cm', quantity: '1' };

describe('targeted revalidation: an action names the segments it changed', () => {
  it("answers a fetcher's add with the segment it changed: the root's cart count", async () => {
    const { app, ran } = await countingShop();
    const posted = await app.submit('/products/chef-knife-20cm', 'add-to-cart', QUICK_ADD, {
      javascript: true,
    });
    expect(posted.first).toMatchObject({ type: 'redirect', status: 303, revalidate: ['root'] });
    expect(ran).toEqual([]);
  });

  it("runs only the root segment's step when /shop keeps the others after a quick add", async () => {
    const { app, ran } = await countingShop();
    const { first } = await app.data('/shop', { keep: ['shop-layout', 'shop'] });
    expect(stepsFor(ran, '/shop')).toEqual(['root']);
    expect(first).toMatchObject({ type: 'page', segments: [{ id: 'root', data: {} }, null, null] });
    // The leaf that decides the head is kept: so is the head on screen.
    expect(first).not.toHaveProperty('head');
  });

  it('runs every step for a full answer, and keeps a layout that opts out of revalidation', async () => {
    const { app, ran } = await countingShop();
    await app.data('/shop');
    expect(stepsFor(ran, '/shop')).toEqual(['root', 'shop-layout', 'shop']);
    ran.length = 0;
    // After an action that names nothing, the browser keeps the layouts marked `keepAfterActions`.
    const { first } = await app.data('/shop', { keep: ['shop-layout'] });
    // The shop's step awaits its layout's data (`parent()`): the layout's step runs for it, unsent.
    expect(stepsFor(ran, '/shop').toSorted()).toEqual(['root', 'shop', 'shop-layout']);
    expect(first).toMatchObject({ segments: [{ id: 'root' }, null, { id: 'shop' }], head: {} });
  });

  it('names nothing for an action that does not call revalidate: every segment is asked for', async () => {
    const { app } = await countingShop();
    const posted = await app.submit(
      '/cart',
      'remove',
      { productId: 'chef-knife-20cm' },
      { javascript: true },
    );
    expect(posted.first?.type).toBe('invalid');
    const added = await app.submit('/products/chef-knife-20cm', 'add-to-cart', QUICK_ADD);
    const cookie = added.cookies.join('; ');
    const removed = await app.submit(
      '/cart',
      'remove',
      { productId: 'chef-knife-20cm' },
      { javascript: true, cookie },
    );
    expect(removed.first).toEqual({ type: 'redirect', location: '/cart', status: 303 });
  });
});

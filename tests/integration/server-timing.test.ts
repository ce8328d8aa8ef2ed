// The storefront's root middleware wraps every request and tells the browser its total time (Server-Timing),
// on pages, data answers and actions alike (apps/storefront/server/middleware.ts).
import request from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { buildIdOf, loadBuildOutput } from '../../server/definition/build-output.ts';
import { dataHref } from '../../shared/routing/reserved-paths.ts';
import { createStorefrontApp } from '../helpers/storefront-app.ts';

const SERVER_TIMING = /^total;dur=\d+\.\d$/;

describe('Server-Timing on the storefront', () => {
  const app = createStorefrontApp();

  it('is on a page, its data answer and an action’s redirect, each once', async () => {
    const page = await request(app).get('/products/chef-knife-20cm');
    const data = await request(app).get(
      dataHref('', buildIdOf(loadBuildOutput(inject('buildDir'))), '', '/products/chef-knife-20cm'),
    );
    const action = await request(app)
      .post('/products/chef-knife-20cm')
      .type('form')
      .send({ _action: 'add-to-cart', productId: 'chef-knife-20cm', quantity: '1' });
    expect([page.status, data.status, action.status]).toEqual([200, 200, 303]);
    for (const answer of [page, data, action]) expect(answer.headers['server-timing']).toMatch(SERVER_TIMING);
  });

  it('is on the 404 page too: the root middleware wraps its frame', async () => {
    const missing = await request(app).get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers['server-timing']).toMatch(SERVER_TIMING);
  });
});

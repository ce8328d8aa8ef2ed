import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../server/test-kit.ts';
import { captureLogger } from '../helpers/capture-logger.ts';
import { dataLines as lines } from '../helpers/data-lines.ts';
import { createNestedApp, defaultNestedSteps, nestedApp } from '../helpers/nested-fixture-app.tsx';

const DATA = '/_data/development';

/** The nested app for the test kit: its tree, and its data steps with those a test replaces. */
const nested = (dataSteps = {}) =>
  createTestApp({ app: nestedApp, server: { dataSteps: defaultNestedSteps } }, { dataSteps });

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('nested routes: layouts with their own data', () => {
  it('timeline: every matched step has started before any resolves, then each segment renders its own data', async () => {
    const started: string[] = [];
    const root = deferred<{ user: string }>();
    const account = deferred<{ plan: string }>();
    const order = deferred<{ total: number }>();
    const app = createNestedApp({
      root: () => {
        started.push('root');
        return root.promise;
      },
      account: () => {
        started.push('account');
        return account.promise;
      },
      order: () => {
        started.push('order');
        return order.promise;
      },
    });
    const answered = request(app)
      .get('/account/orders/7')
      .then((response) => response);
    // Let the request reach the steps; none of them has resolved yet.
    for (let turn = 0; turn < 50 && started.length < 3; turn += 1) await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual(['root', 'account', 'order']);
    order.resolve({ total: 42 });
    account.resolve({ plan: 'silver' });
    root.resolve({ user: 'grace' });
    const response = await answered;
    expect(response.status).toBe(200);
    expect(response.text).toContain('Signed in as grace');
    expect(response.text).toContain('Plan: silver');
    expect(response.text).toContain('Order 7 totals 42');
    expect(response.text).toContain('<title>Order 7</title>');
  });

  it('gives a step its parent data when it awaits parent()', async () => {
    const app = createNestedApp({
      account: async ({ parent }) => ({ plan: `plan of ${((await parent()) as { user: string }).user}` }),
    });
    const response = await request(app).get('/account');
    expect(response.text).toContain('Plan: plan of ada');
    expect(response.text).toContain('Overview');
  });

  it('renders a pathless layout around its children', async () => {
    const response = await request(createNestedApp()).get('/about');
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/data-segment="root".*data-segment="marketing".*data-segment="about"/s);
  });
});

describe('nested routes: boundaries', () => {
  it('answers 500 with the parent layouts and the failing segment’s error component, reported once', async () => {
    const logger = captureLogger();
    const response = await request(createNestedApp({}, logger)).get('/account/orders/broken');
    expect(response.status).toBe(500);
    expect(response.text).toContain('Signed in as ada');
    expect(response.text).toContain('Plan: gold');
    expect(response.text).toContain('data-boundary="order-error"');
    expect(response.text).toContain('Order error 500');
    expect(response.text).toContain('<title>500: Internal Server Error.</title>');
    expect(response.text).not.toContain('internal detail');
    expect(logger.errors()).toHaveLength(1);
  });

  it('shows the nearest error component above a segment that has none, inside the layouts above it', async () => {
    const response = await request(createNestedApp()).get('/account/settings');
    expect(response.status).toBe(500);
    expect(response.text).toContain('Signed in as ada');
    expect(response.text).not.toContain('Plan: gold');
    expect(response.text).toContain('data-boundary="account-error"');
  });

  it('gives an expected HttpError its status, shown by the nearest error component', async () => {
    const response = await request(createNestedApp()).get('/account/orders/forbidden');
    expect(response.status).toBe(403);
    expect(response.text).toContain('Order error 403');
    expect(response.text).toContain('Plan: gold');
  });

  it('renders the nearest not-found component inside its parents with status 404', async () => {
    const response = await request(createNestedApp()).get('/account/orders/missing');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Signed in as ada');
    expect(response.text).toContain('data-boundary="account-not-found"');
    expect(response.text).toContain('<title>404: This page could not be found.</title>');
  });

  it('renders again with the error component in place when a segment throws while rendering the shell', async () => {
    const logger = captureLogger();
    const response = await request(createNestedApp({}, logger)).get('/account/orders/render-throws');
    expect(response.status).toBe(500);
    expect(response.text).toContain('Plan: gold');
    expect(response.text).toContain('data-boundary="order-error"');
    expect(response.text).not.toContain('internal detail');
    expect(logger.errors()).toHaveLength(1);
  });

  it('gives an error above every boundary the global error page, inside the root layout', async () => {
    const response = await request(
      createNestedApp({
        about: () => {
          throw new Error('about failed: internal detail');
        },
      }),
    ).get('/about');
    expect(response.status).toBe(500);
    expect(response.text).toContain('500: Internal Server Error.');
    expect(response.text).toContain('Signed in as ada');
    expect(response.text).not.toContain('data-segment="marketing"');
  });

  it('frames the 404 page of an unknown URL with the root layout and its data', async () => {
    const response = await request(createNestedApp()).get('/nowhere');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Signed in as ada');
    expect(response.text).toContain('404: This page could not be found.');
  });

  it('renders the error page without the root layout when the root’s own step fails', async () => {
    const response = await request(
      createNestedApp({
        root: () => {
          throw new Error('root failed: internal detail');
        },
      }),
    ).get('/nowhere');
    expect(response.status).toBe(404);
    expect(response.text).toContain('404: This page could not be found.');
    expect(response.text).not.toContain('Signed in as');
  });
});

describe('nested routes: the data endpoint', () => {
  it('answers every segment of the branch with its data', async () => {
    const { first } = await nested().data('/account/orders/7');
    expect(first).toMatchObject({
      type: 'page',
      routeId: 'order',
      status: 200,
      segments: [
        { id: 'root', data: { user: 'ada' } },
        { id: 'account', data: { plan: 'gold' } },
        { id: 'order', data: { total: 42, renderThrows: false } },
      ],
    });
  });

  it('answers a boundary in place of the failing segment, with its status', async () => {
    const { first } = await nested().data('/account/orders/missing');
    expect(first).toMatchObject({
      type: 'page',
      status: 404,
      segments: [
        { id: 'root', data: { user: 'ada' } },
        { id: 'account', boundary: 'not-found' },
      ],
    });
  });
});

describe('nested routes: partial data answers', () => {
  it('leaves out the segments the browser keeps and runs none of their steps', async () => {
    const ran: string[] = [];
    const app = nested({
      root: () => ran.push('root'),
      account: () => ran.push('account'),
    });
    const { first } = await app.data('/account/orders/8', { keep: ['root', 'account'] });
    expect(first).toMatchObject({
      type: 'page',
      segments: [null, null, { id: 'order', data: { total: 42, renderThrows: false } }],
    });
    expect(ran).toEqual([]);
  });

  it('keeps only the leading segments the target shares with the page on screen', async () => {
    const { first } = await nested().data('/about', { keep: ['root', 'account'] });
    expect(first).toMatchObject({ segments: [null, { id: 'marketing' }, { id: 'about' }] });
  });

  it('runs a kept step when the step below awaits parent()', async () => {
    const ran: string[] = [];
    const app = createNestedApp({
      root: () => {
        ran.push('root');
        return { user: 'grace' };
      },
      account: async ({ parent }) => ({ plan: `for ${((await parent()) as { user: string }).user}` }),
    });
    const response = await request(app).get(`${DATA}/account`).set('X-Keep-Segments', 'root');
    expect(lines(response.text)[0]).toMatchObject({
      segments: [null, { id: 'account', data: { plan: 'for grace' } }, { id: 'account-home' }],
    });
    expect(ran).toEqual(['root']);
  });

  it('answers a boundary above the kept segments in full from that boundary', async () => {
    const response = await request(createNestedApp())
      .get(`${DATA}/account/settings`)
      .set('X-Keep-Segments', 'root,account');
    expect(lines(response.text)[0]).toMatchObject({
      status: 500,
      segments: [null, { id: 'account', boundary: 'error', status: 500 }],
    });
  });
});

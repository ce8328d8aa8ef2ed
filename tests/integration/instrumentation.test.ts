// Instrumentation (docs/instrumentation.md): observers around every kind of server step, with the route
// pattern and how the step ended, and the error hook told of every reported error with its route.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ObservedStep, ServerInstrumentation, StepEnd } from '../../server/index.ts';
import { guardedTestApp } from '../helpers/guarded-test-app.ts';

interface Seen {
  kind: ObservedStep['kind'];
  routePattern: string | undefined;
  routeId: string | undefined;
  segmentId?: string;
  action?: string;
  method: string | undefined;
  outcome: StepEnd['outcome'];
  status: number;
}

/** The guarded fixture app with one observer of every kind and an error hook, recording what they are told. */
function observedApp(overrides: Parameters<typeof guardedTestApp>[0] = {}) {
  const seen: Seen[] = [];
  const errors: { error: unknown; routePattern?: string; routeId?: string; kind?: string }[] = [];
  const record = async (step: ObservedStep, run: () => Promise<StepEnd>) => {
    const { outcome, status } = await run();
    const { kind, routePattern, routeId, segmentId, action } = step;
    seen.push({ kind, routePattern, routeId, method: step.request.method, outcome, status });
    Object.assign(seen.at(-1) as Seen, segmentId && { segmentId }, action && { action });
  };
  const observer: ServerInstrumentation = {
    onRequestError(error, { routePattern, routeId, kind }) {
      errors.push({ error, routePattern, routeId, kind });
    },
    middleware: record,
    dataStep: record,
    action: record,
    resource: record,
    render: record,
  };
  const guarded = guardedTestApp({ ...overrides, instrumentations: [observer] });
  return { ...guarded, seen, errors };
}

describe('server observers', () => {
  it('wrap the middleware, data steps and render of a page load, with its route pattern and status', async () => {
    const { app, ada, seen } = observedApp();
    await request(app.server).get('/account/orders').set('Cookie', ada).expect(200);
    const route = { routePattern: '/account/orders', routeId: 'orders', method: 'GET' };
    const dataSteps = seen.filter((step) => step.kind === 'data-step');
    expect(seen).toEqual([
      { kind: 'middleware', segmentId: 'members', ...route, outcome: 'ok', status: 200 },
      { kind: 'middleware', segmentId: 'account', ...route, outcome: 'ok', status: 200 },
      { kind: 'middleware', segmentId: 'orders', ...route, outcome: 'ok', status: 200 },
      // The branch's steps start at once: which ends first is theirs to say.
      ...dataSteps,
      { kind: 'render', ...route, outcome: 'ok', status: 200 },
    ]);
    expect(dataSteps.map((step) => step.segmentId).sort()).toEqual(['account', 'orders']);
    for (const step of dataSteps) expect(step).toMatchObject({ ...route, outcome: 'ok', status: 200 });
  });

  it('see a middleware redirect and refusal with their status', async () => {
    const { app, ada, seen } = observedApp();
    await request(app.server).get('/account').expect(303);
    await request(app.server).get('/admin').set('Cookie', ada).expect(403);
    expect(seen.filter(({ outcome }) => outcome !== 'ok')).toEqual([
      expect.objectContaining({
        segmentId: 'account',
        routePattern: '/account',
        outcome: 'redirect',
        status: 303,
      }),
      expect.objectContaining({ segmentId: 'admin', routePattern: '/admin', outcome: 'error', status: 403 }),
    ]);
  });

  it('wrap actions, with their name and how they answered: a redirect, invalid input', async () => {
    const { app, ada, seen } = observedApp();
    await app.submit('/account', 'rename', { name: 'eve' }, { cookie: ada });
    await app.submit('/account', 'check', { name: 'eve' }, { cookie: ada, javascript: true });
    const actions = seen.filter(({ kind }) => kind === 'action');
    expect(actions).toEqual([
      {
        kind: 'action',
        action: 'rename',
        routePattern: '/account',
        routeId: 'account-home',
        method: 'POST',
        outcome: 'redirect',
        status: 303,
      },
      expect.objectContaining({ action: 'check', routePattern: '/account', outcome: 'invalid', status: 422 }),
    ]);
  });

  it('wrap resource routes, with the answer’s status', async () => {
    const { app, ada, seen } = observedApp();
    await request(app.server)
      .get('/account/statement.txt')
      .set('Cookie', ada)
      .expect(200, 'Statement of ada');
    expect(seen.filter(({ kind }) => kind === 'resource')).toEqual([
      {
        kind: 'resource',
        routePattern: '/account/statement.txt',
        routeId: 'statement',
        method: 'GET',
        outcome: 'ok',
        status: 200,
      },
    ]);
  });
});

describe('the error hook', () => {
  it('is told of an error in a data step, with the route pattern, the kind and the observer’s 500', async () => {
    const failure = new Error('orders database down');
    const { app, ada, seen, errors } = observedApp({
      dataSteps: {
        orders: () => {
          throw failure;
        },
      },
    });
    await request(app.server).get('/account/orders').set('Cookie', ada).expect(500);
    expect(errors).toEqual([
      { error: failure, routePattern: '/account/orders', routeId: 'orders', kind: 'data-step' },
    ]);
    expect(seen).toContainEqual(
      expect.objectContaining({ kind: 'data-step', segmentId: 'orders', outcome: 'error', status: 500 }),
    );
    // The test kit's monitoring is told through the same seam, once.
    expect(app.reported).toEqual([{ error: failure, routePattern: 'GET /account/orders' }]);
  });

  it('is told of an error in an action and in a middleware, each once', async () => {
    const failure = new Error('mail server down');
    const { app, ada, errors } = observedApp({
      actions: {
        'account-home': {
          rename: () => {
            throw failure;
          },
        },
      },
    });
    await app.submit('/account', 'rename', { name: 'eve' }, { cookie: ada }).then(({ status }) => {
      expect(status).toBe(500);
    });
    await request(app.server).get('/broken').set('Cookie', ada).expect(500);
    expect(errors).toEqual([
      { error: failure, routePattern: '/account', routeId: 'account-home', kind: 'action' },
      expect.objectContaining({ routePattern: '/broken', routeId: 'broken', kind: 'middleware' }),
    ]);
  });

  it('is told of an error in a resource route and in a render, with their route patterns', async () => {
    const failure = new Error('statement store down');
    const { app, ada, errors, seen } = observedApp({
      resources: {
        statement: () => {
          throw failure;
        },
      },
      // The orders page's component reads `count` of its data: without data it throws as it renders.
      dataSteps: { orders: () => null },
    });
    await request(app.server).get('/account/statement.txt').set('Cookie', ada).expect(500);
    await request(app.server).get('/account/orders').set('Cookie', ada).expect(500);
    expect(errors).toEqual([
      { error: failure, routePattern: '/account/statement.txt', routeId: 'statement', kind: 'resource' },
      { error: expect.any(TypeError), routePattern: '/account/orders', routeId: 'orders', kind: 'render' },
    ]);
    expect(seen).toContainEqual(expect.objectContaining({ kind: 'resource', outcome: 'error', status: 500 }));
  });
});

describe('several observers', () => {
  it('nest, the first outermost, and none can change what the step gives or break the request', async () => {
    const order: string[] = [];
    const layer =
      (name: string) =>
      async (_step: ObservedStep, run: () => Promise<StepEnd>): Promise<unknown> => {
        order.push(`${name} before`);
        await run();
        order.push(`${name} after`);
        return { replaced: true };
      };
    const throwing: ServerInstrumentation = {
      resource: () => {
        throw new Error('observer bug');
      },
    };
    const { app, ada } = guardedTestApp({
      instrumentations: [{ resource: layer('outer') }, throwing, { resource: layer('inner') }],
    });
    await request(app.server)
      .get('/account/statement.txt')
      .set('Cookie', ada)
      .expect(200, 'Statement of ada');
    expect(order).toEqual(['outer before', 'inner before', 'inner after', 'outer after']);
    expect(app.logs.map(({ message }) => message)).toContain('an instrumentation observer threw');
  });
});

// after(task) (docs/middleware-and-sessions.md, "Work after the response"): from every kind of handler, once
// the response has ended, in the request's async context, its failure reported.
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it, vi } from 'vitest';
import type { Middlewares } from '../../server/index.ts';
import { redirect } from '../../shared/index.ts';
import { href } from '../fixtures/onion-app/routes.tsx';
import type { OnionServices } from '../fixtures/onion-app/server-app.ts';
import { onionTestApp } from '../helpers/onion-test-app.ts';

/** The fixture's `wrapped` middleware, and a task after the response. */
const wrappedWithAfter: Middlewares<OnionServices> = {
  wrapped: async (context, next) => {
    const { services } = context;
    context.after(() => void services.calls.push('after from middleware'));
    const answer = await next();
    services.calls.push(`inner after ${answer.status}`);
  },
};

describe('after()', () => {
  it('runs a data step’s task once the response has ended: after every middleware returned', async () => {
    const { page, calls } = onionTestApp({
      dataSteps: {
        page: (context) => {
          const { calls } = context.services as OnionServices;
          context.after(() => void calls.push('after from data step'));
          calls.push('data step');
          return { label: 'visitor' };
        },
      },
    });
    const answer = await page('/page');
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(calls).toContain('after from data step'));
    expect(calls).toEqual([
      'outer before',
      'inner before',
      'data step',
      'inner after 200',
      'outer after 200',
      'after from data step',
    ]);
  });

  it('runs a middleware’s, an action’s and a resource route’s tasks too', async () => {
    const { page, post, calls } = onionTestApp({
      middleware: wrappedWithAfter,
      actions: {
        page: {
          save: (context) => {
            context.after(() => void (context.services as OnionServices).calls.push('after from action'));
            return redirect(href('page'), 303);
          },
        },
      },
      resources: {
        report: (context) => {
          context.after(() => void context.services.calls.push('after from resource'));
          return new Response('report');
        },
      },
    });
    await page('/report.txt').expect(200);
    await vi.waitFor(() => expect(calls).toContain('after from resource'));
    await post('/page', 'save');
    await vi.waitFor(() => expect(calls).toContain('after from action'));
    expect(calls.filter((call) => call === 'after from middleware')).toHaveLength(2);
    // Each after the answer's last middleware: never before the request's own 'outer after'.
    expect(calls.indexOf('after from resource')).toBeGreaterThan(calls.indexOf('outer after 200'));
  });

  it('runs in the request’s async context: a store a middleware entered is still there', async () => {
    const store = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const { page } = onionTestApp({
      middleware: {
        wrapped: (context, next) =>
          store.run('request 1', () => {
            context.after(() => void seen.push(store.getStore()));
            return next().then(() => undefined);
          }),
      },
    });
    await page('/page').expect(200);
    await vi.waitFor(() => expect(seen).toEqual(['request 1']));
  });

  it('reports a task’s failure as an unexpected error of its request, once, without changing the answer', async () => {
    const { app, page } = onionTestApp({
      resources: {
        report: (context) => {
          context.after(() => {
            throw new Error('mail server down');
          });
          return new Response('report');
        },
      },
    });
    await page('/report.txt').expect(200, 'report');
    await vi.waitFor(() => expect(app.reported).toHaveLength(1));
    expect(app.reported[0]).toEqual({
      error: new Error('mail server down'),
      routePattern: 'GET /report.txt',
    });
  });
});

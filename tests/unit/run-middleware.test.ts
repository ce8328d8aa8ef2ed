// The middleware runner (server/resolve/run-middleware.ts) on its own: chains per leaf, what runs
// synchronously, and the context keys only the runtime sets.
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { startedServices } from '../../server/app/services.ts';
import type { RequestContext } from '../../server/definition/request-context.ts';
import { RequestAbort } from '../../server/request/request-abort.ts';
import { requestContextFactory } from '../../server/request/request-context.ts';
import { createCookieSetterOf } from '../../server/request/set-cookie.ts';
import { createMiddlewareRunner, RUNTIME_CONTEXT_KEYS } from '../../server/resolve/run-middleware.ts';
import { compileRoutes } from '../../shared/routing/compile-routes.ts';
import { redirect } from '../../shared/routing/control-signals.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import type { RouteNode } from '../../shared/routing/route-table.ts';

const root: RouteNode = {
  id: 'root',
  children: [
    { id: 'open', path: '/open' },
    { id: 'guarded', path: '/guarded', children: [{ id: 'inside', path: '/inside' }] },
  ],
};
const routes = compileRoutes([root]);
const noReport = () => undefined;

function contextOf(abort = new RequestAbort()): RequestContext {
  const create = requestContextFactory({
    basePath: '',
    locales: createLocales({ list: ['en'], default: 'en' }),
    originOf: () => 'http://127.0.0.1',
    cookieSetterOf: createCookieSetterOf('', undefined),
    services: startedServices({}),
    afterOf: () => () => {},
  });
  return create({ headers: {} } as Request, { locals: {} } as Response, { params: {}, locale: 'en', abort });
}

describe('createMiddlewareRunner', () => {
  it('gives a leaf whose branch has no middleware no chain at all', () => {
    const runner = createMiddlewareRunner({ guarded: () => undefined }, routes, root, noReport);
    expect(runner.chainOf('open')).toBeUndefined();
    expect(runner.chainOf('inside')?.map(({ segmentId }) => segmentId)).toEqual(['guarded']);
  });

  it('runs synchronous middleware without a promise, outermost first, adding their values', () => {
    const seen: unknown[] = [];
    const runner = createMiddlewareRunner(
      {
        root: () => ({ depth: 1 }),
        guarded: (context) => {
          seen.push((context as RequestContext & { depth: number }).depth);
          return { depth: 2 };
        },
      },
      routes,
      root,
      noReport,
    );
    const context = contextOf();
    const stop = runner.run(runner.chainOf('inside') ?? [], context);
    expect(stop).toBeUndefined();
    expect(seen).toEqual([1]);
    expect(context).toMatchObject({ depth: 2 });
  });

  it('stops at the first middleware that redirects: the ones below do not run', async () => {
    const ran: string[] = [];
    const runner = createMiddlewareRunner(
      {
        root: async () => {
          ran.push('root');
          return redirect('https://sign-in.example/');
        },
        guarded: () => void ran.push('guarded'),
      },
      routes,
      root,
      noReport,
    );
    const stop = await runner.run(runner.chainOf('inside') ?? [], contextOf());
    expect(stop).toMatchObject({ type: 'redirect', redirect: { location: 'https://sign-in.example/' } });
    expect(ran).toEqual(['root']);
  });

  it('knows every key the request context factory sets as the runtime’s', () => {
    const keys = Object.keys(contextOf());
    expect(keys.filter((key) => !RUNTIME_CONTEXT_KEYS.has(key))).toEqual([]);
    for (const own of ['parent', 'search', 'fields']) expect(RUNTIME_CONTEXT_KEYS.has(own)).toBe(true);
  });
});

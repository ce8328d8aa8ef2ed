import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { startedServices } from '../../server/app/services.ts';
import type { RequestContext } from '../../server/definition/request-context.ts';
import { privateRead } from '../../server/request/private-reads.ts';
import { RequestAbort } from '../../server/request/request-abort.ts';
import { contextWith, requestContextFactory } from '../../server/request/request-context.ts';
import { createCookieSetterOf } from '../../server/request/set-cookie.ts';
import { createLocales } from '../../shared/routing/locale.ts';

const create = requestContextFactory({
  basePath: '',
  locales: createLocales({ list: ['en'], default: 'en' }),
  originOf: () => 'http://127.0.0.1:3000',
  cookieSetterOf: createCookieSetterOf('', undefined),
  services: startedServices({}),
  afterOf: () => () => {},
});

function contextFor(cookies: Record<string, string>) {
  const response = { locals: {} } as Response;
  const request = {
    headers: { host: '127.0.0.1:3000' },
    cookies,
    originalUrl: '/shop?page=2',
  } as unknown as Request;
  const abort = new RequestAbort();
  const context = create(request, response, { params: {}, locale: 'en', abort });
  return { context, response, abort };
}

/** A context's own getters: functions made for this context alone. */
const ownGetters = (context: RequestContext) =>
  Object.entries(Object.getOwnPropertyDescriptors(context)).filter(([, descriptor]) => descriptor.get);

describe('request context', () => {
  it('notes a read of what differs per visitor; a spread copies the rest and reads none of it', () => {
    const { context, response } = contextFor({ cart: 'c1' });
    const { cookies, ...rest } = context;
    expect(cookies).toEqual({ cart: 'c1' });
    expect(privateRead(response)).toBe('cookies');

    const other = contextFor({ cart: 'c2' });
    const spread = { ...other.context };
    expect(spread.locale).toBe('en');
    expect(spread.cookies).toBeUndefined();
    expect(privateRead(other.response)).toBeUndefined();
    expect(other.context.url.href).toBe('http://127.0.0.1:3000/shop?page=2');
    expect(rest.services).toEqual({});
  });

  it('makes no getter functions per request: every context, and each copy, reads through the same ones', () => {
    // Getters made per request gave each context a hidden class of its own (V8 keeps those in its old
    // generation), and through them the whole request outlived its answer.
    const first = contextFor({ cart: 'c1' }).context;
    const copied = contextWith(contextFor({ cart: 'c2' }).context, { search: { page: 2 } });
    expect(ownGetters(first)).toEqual([]);
    expect(ownGetters(copied)).toEqual([]);
    expect(Object.getPrototypeOf(copied)).toBe(Object.getPrototypeOf(first));
    expect(copied.cookies).toEqual({ cart: 'c2' });
    expect(copied.search).toEqual({ page: 2 });
  });

  it("gives the request's signal by name, the same in a copy, aborted with the request's reason", () => {
    const { context, abort } = contextFor({});
    const { signal } = context;
    expect(contextWith(context, { search: {} }).signal).toBe(signal);
    const reason = new Error('client went away');
    abort.abort(reason);
    expect([signal.aborted, signal.reason]).toEqual([true, reason]);
  });
});

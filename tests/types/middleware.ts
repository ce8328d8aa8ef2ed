/**
 * Type tests of route middleware (checked by `npm run typecheck`, never run). The region is the example of
 * docs/middleware-and-sessions.md, which tests/docs/snippets.test.ts keeps the same as its quote; below it,
 * each `@ts-expect-error` line must stay an error.
 */
// #region middleware
import type { ActionsOf, DataStepsOf, MiddlewareOf, ResourcesOf, ServerAppDefinition } from '#runtime/server';
import { redirect, typedHref } from '#runtime/shared';

const routes = {
  id: 'root',
  children: [
    { id: 'home', path: '/' },
    { id: 'sign-in', path: '/sign-in' },
    {
      id: 'account',
      path: '/account',
      children: [
        { id: 'orders', path: '/orders' },
        { id: 'statement', path: '/statement.csv', resource: true },
      ],
    },
  ],
} as const;
const href = typedHref(routes);

interface Account {
  id: string;
  email: string;
}
interface Services {
  sessions: { find(id: string | false | undefined): Promise<Account | null> };
  orders: { of(accountId: string): Promise<string[]>; cancel(accountId: string, id: string): Promise<void> };
}
/** What each segment's middleware adds to the context of everything below it. */
interface Provides {
  root: { account: Account | null };
  account: { account: Account };
}

export const middleware = {
  // Every request: who is this (null for nobody).
  root: async ({ signedCookies, services }) => ({
    account: await services.sessions.find(signedCookies.session),
  }),
  // The /account branch: signed-in visitors only; below it, `account` is never null.
  account: ({ account, url }) => {
    if (!account) throw redirect(href('sign-in', {}, { search: { next: url.pathname } }), 303);
    return { account };
  },
} satisfies MiddlewareOf<typeof routes, Services, Provides>;

export const dataSteps = {
  orders: async ({ account, services }) => ({ orders: await services.orders.of(account.id) }),
} satisfies DataStepsOf<typeof routes, Services, Provides>;

export const actions = {
  orders: {
    cancel: async ({ account, fields, services }) => {
      await services.orders.cancel(account.id, fields.id ?? '');
      return redirect(href('orders'), 303);
    },
  },
} satisfies ActionsOf<typeof routes, Services, Provides>;

export const resources = {
  statement: ({ account }) =>
    new Response(`email\n${account.email}\n`, { headers: { 'Content-Type': 'text/csv' } }),
} satisfies ResourcesOf<typeof routes, Services, Provides>;

export default { middleware, dataSteps, actions, resources } satisfies ServerAppDefinition<Services>;
// #endregion middleware

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <_ extends true>() => {};

// A step below the guard sees the narrowed account; one outside the guarded branch sees the root's only.
export const typedSteps = {
  orders: ({ account }) => {
    assertType<Equal<typeof account, Account>>();
    return null;
  },
  home: ({ account }) => {
    assertType<Equal<typeof account, Account | null>>();
    return null;
  },
} satisfies DataStepsOf<typeof routes, Services, Provides>;

interface DeepProvides extends Provides {
  orders: { orderCount: number };
}

export const outsideTheBranch = {
  // @ts-expect-error `home` is not under `orders`, so it has no orderCount
  home: ({ orderCount }) => orderCount,
} satisfies DataStepsOf<typeof routes, Services, DeepProvides>;

export const deepMiddleware = {
  root: () => ({ account: null }),
  account: ({ account }) => {
    if (!account) throw redirect(href('sign-in'));
    return { account };
  },
  // A middleware sees what the ones above it add, not its own.
  orders: ({ account }) => ({ orderCount: account.email.length }),
  // @ts-expect-error `home` is not below `orders`: no orderCount for its middleware
  home: ({ orderCount }) => void orderCount,
} satisfies MiddlewareOf<typeof routes, Services, DeepProvides>;

export const missingMiddleware = {
  root: () => ({ account: null }),
  // @ts-expect-error `account` provides a value, so it must have a middleware
} satisfies MiddlewareOf<typeof routes, Services, Provides>;

export const wrongValue = {
  root: () => ({ account: null }),
  // @ts-expect-error `account` must return the account it provides
  account: () => ({ email: 'ada@example.com' }),
} satisfies MiddlewareOf<typeof routes, Services, Provides>;

export const notASegment = {
  root: () => ({ account: null }),
  account: ({ account }) => (account ? { account } : redirect(href('sign-in'))),
  // @ts-expect-error `accounts` names no segment of the tree
  accounts: () => ({ account: null }),
} satisfies MiddlewareOf<typeof routes, Services, Provides & { accounts: { account: null } }>;

// Actions and resource handlers are typed the same way, by route id.
export const typedActions = {
  orders: {
    cancel: ({ account, fields }) =>
      redirect(href('orders', {}, { search: { cancelled: `${account.id}:${fields.id}` } }), 303),
  },
  home: {
    // @ts-expect-error `home` is outside the guard: its account may be null
    subscribe: ({ account }) => redirect(href('home', {}, { search: { who: account.email } })),
  },
} satisfies ActionsOf<typeof routes, Services, Provides>;

export const outsideResources = {
  // @ts-expect-error `sign-in` is outside the guard: its account may be null
  'sign-in': ({ account }) => new Response(account.email),
} satisfies ResourcesOf<typeof routes, Services, Provides>;

// The server definition takes typed tables as they are, and still refuses handlers of other services.
export const withActions = { dataSteps: {}, actions: typedActions } satisfies ServerAppDefinition<Services>;
export const otherServices = {
  dataSteps: {},
  // @ts-expect-error these middleware expect the sessions service, which `{ other: true }` lacks
  middleware,
} satisfies ServerAppDefinition<{ other: true }>;

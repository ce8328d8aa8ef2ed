/**
 * Type tests of segment modules (checked by `npm run typecheck`, never run): each part typed from the tree
 * as the maps by id were, and each `@ts-expect-error` line must stay an error.
 */
import { type DataOfSegments, invalid, segmentServersOf } from '#runtime/server';
import { notFound, redirect, typedHref } from '#runtime/shared';

const routes = {
  id: 'root',
  children: [
    { id: 'sign-in', path: '/sign-in' },
    {
      id: 'account',
      path: '/account',
      children: [
        { id: 'order', path: '/orders/:id' },
        { id: 'statement', path: '/statement.csv', resource: true },
      ],
    },
  ],
} as const;
const href = typedHref(routes);

interface Account {
  id: string;
}
interface Services {
  orders: { find(accountId: string, id: string): Promise<{ total: number } | null> };
}
interface Provides {
  account: { account: Account };
}

const segment = segmentServersOf<typeof routes, Services, Provides>();

export const accountServer = segment('account', {
  middleware: ({ signedCookies }) => {
    const id = signedCookies.session;
    if (typeof id !== 'string') throw redirect(href('sign-in'), 303);
    return { account: { id } };
  },
});

export const orderServer = segment('order', {
  // params.id from '/orders/:id'; account from the middleware above.
  data: async ({ params, account, services }) => {
    const order = await services.orders.find(account.id, params.id);
    return order ? { total: order.total } : notFound();
  },
  actions: {
    rename: ({ params, fields }) =>
      fields.name ? redirect(href('order', { id: params.id }), 303) : invalid({ name: 'Required' }, fields),
  },
  cache: 'per-visitor',
});

export const statementServer = segment('statement', {
  resource: ({ account }) => new Response(`Statement of ${account.id}`),
});

type Data = DataOfSegments<[typeof accountServer, typeof orderServer]>;
export const total: Data['order']['total'] = 1;
// @ts-expect-error a segment without a data step has no data
export const none: Data['account'] = {};

// @ts-expect-error no segment has that id
segment('no-such-segment', {});
// @ts-expect-error the account segment must add what Provides says it adds
segment('account', {});
// @ts-expect-error a layout has no actions (actions belong to a leaf)
segment('root', { actions: { x: () => redirect(href('sign-in')) } });
segment('order', {
  // @ts-expect-error params of '/orders/:id' have no `slug`
  data: ({ params }) => params.slug,
});
segment('sign-in', {
  // @ts-expect-error a segment outside /account does not get its middleware's account
  data: ({ account }) => account,
});

/**
 * Type tests of typed data (checked by `npm run typecheck`, never run): a step's params come from its
 * pattern, a component's data is what its step returns, and a search reader's value reaches both.
 */

import type { Props } from '../../apps/storefront/href.ts';
import type { DataOfSteps, DataStepsOf } from '../../server/definition/data-step.ts';
import type { RouteNode, SearchReader } from '../../shared/routing/route-table.ts';
import type { SegmentPropsOf } from '../../shared/routing/route-types.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <_ extends true>() => {};

const sortReader: SearchReader<{ sort: 'asc' | 'desc' }> = {
  keys: ['sort'],
  parse: (params) => ({ sort: params.get('sort') === 'desc' ? 'desc' : 'asc' }),
};

const routes = {
  id: 'root',
  children: [
    {
      id: 'team',
      path: '/teams/:team',
      children: [{ id: 'member', path: '/members/:member', search: sortReader }],
    },
  ],
} as const;

const steps = {
  team: ({ params }) => ({ name: params.team.toUpperCase() }),
  member: async ({ params, search }) => {
    assertType<Equal<typeof params, { team: string; member: string }>>();
    assertType<Equal<typeof search, { sort: 'asc' | 'desc' }>>();
    return { member: params.member, order: search.sort };
  },
  // @ts-expect-error a step for a segment the tree does not have
  players: () => ({}),
} satisfies DataStepsOf<typeof routes>;

const badSteps = {
  // @ts-expect-error a layout's step sees only the params of its own branch
  team: ({ params }) => ({ name: params.member }),
} satisfies DataStepsOf<typeof routes>;

type Data = DataOfSteps<typeof steps>;
type MemberProps = SegmentPropsOf<typeof routes, Data, 'member'>;
assertType<Equal<MemberProps['data'], { member: string; order: 'asc' | 'desc' }>>();
assertType<Equal<MemberProps['search'], { sort: 'asc' | 'desc' }>>();
assertType<Equal<SegmentPropsOf<typeof routes, Data, 'root'>['data'], null>>();

export function MemberPage({ data }: MemberProps) {
  // @ts-expect-error the step returns no `name` for this component
  return `${data.member} ${data.name}`;
}

// The storefront: each component's data is its step's (apps/storefront/server/data-steps.ts), not a cast.
export function storefrontData(shop: Props<'shop'>['data'], product: Props<'product'>['data']) {
  // @ts-expect-error the shop step gives no product
  shop.product;
  // @ts-expect-error the product page's params have no category
  ({}) as Props<'product'>['params']['category'];
  return [shop.products.length, product.product.name];
}

export const tree: RouteNode = routes;
void badSteps;

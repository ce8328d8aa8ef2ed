/**
 * Type tests of an action's params (checked by `npm run typecheck`, never run): declared with `ActionsOf`,
 * a handler's params are typed from its route's pattern, as a data step's are.
 */
import type { ActionsOf } from '../../server/definition/action.ts';
import { redirect } from '../../shared/routing/control-signals.ts';
import { typedHref } from '../../shared/routing/href.ts';

const routes = {
  id: 'root',
  children: [
    { id: 'team', path: '/teams/:team', children: [{ id: 'member', path: '/members/:member' }] },
    { id: 'files', path: '/files/*path' },
  ],
} as const;
const href = typedHref(routes);

export const actions = {
  member: {
    rename: ({ params }) => {
      const { team, member }: { team: string; member: string } = params;
      // @ts-expect-error a named param is one string, not a list
      const pieces: string[] = params.member;
      return redirect(href('member', { team, member: `${member}-${pieces.length}` }), 303);
    },
  },
  files: {
    remove: ({ params }) => {
      const path: string[] = params.path;
      // @ts-expect-error a catch-all param is a list of pieces
      const joined: string = params.path;
      return redirect(href('files', { path: [...path, joined] }), 303);
    },
  },
} satisfies ActionsOf<typeof routes>;

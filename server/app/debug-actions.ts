import type { RouteActions } from '../definition/action.ts';
import { DebugError } from './debug-data-steps.ts';

/**
 * With ENABLE_DEBUG_ROUTES, a form post to `/debug/error` (`_action=fail`) throws too: it checks that an
 * action's failure reaches monitoring once, and without the form's fields (a password must never leave).
 */
export const debugActions: RouteActions = {
  'debug-error': {
    fail: function failOnPurpose() {
      throw new DebugError('Deliberate failure from a post to /debug/error');
    },
  },
};

import { HttpError, NotFound, Redirect } from '../../shared/routing/control-signals.ts';
import { Invalid } from '../definition/action.ts';
import type { StepEnd } from '../definition/instrumentation.ts';

/** How a step that returned `value` ended: a control signal, an action's invalid input, an answer's status. */
export function endOfValue(value: unknown): StepEnd {
  if (value instanceof Redirect) return { outcome: 'redirect', status: value.status };
  if (value instanceof NotFound) return { outcome: 'not-found', status: 404 };
  if (value instanceof Invalid) return { outcome: 'invalid', status: value.answer.status ?? 422 };
  if (value instanceof Response) return { outcome: 'ok', status: value.status };
  return { outcome: 'ok', status: 200 };
}

/** How a step that threw ended: control signals as returned ones, an HttpError with its status, else 500. */
export function endOfThrown(error: unknown): StepEnd {
  if (error instanceof Redirect || error instanceof NotFound) return endOfValue(error);
  return { outcome: 'error', status: error instanceof HttpError ? error.status : 500, error };
}

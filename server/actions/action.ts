import type { Redirect } from '../../shared/routing/control-signals.ts';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import type { RequestContext } from '../request-context.ts';

/** Form fields by name; a null-prototype object, so `__proto__` or `constructor` fields are plain keys. */
export type FormFields = Readonly<Record<string, string>>;

/** What a server action receives: the request's context and the posted form's fields. */
export interface ActionContext<Services = unknown> extends RequestContext<Services> {
  fields: FormFields;
  /**
   * Names the segments (route tree ids) whose data this action changed. After it succeeds, a page that stays
   * (a fetcher's) asks for only those segments' data again, and a redirect keeps the others it shares with
   * the page on screen. Without a call, every segment is asked for again, except those with `keepAfterActions`.
   */
  revalidate(...segmentIds: string[]): void;
}

/** Invalid input: the page is shown again with these errors next to their fields and the values kept. */
export class Invalid {
  readonly kind = 'invalid';
  constructor(
    readonly errors: Readonly<Record<string, string>>,
    readonly values: FormFields,
  ) {}
}

/** Builds the invalid-input result of an action. */
export function invalid(errors: Record<string, string>, values: FormFields): Invalid {
  return new Invalid(errors, values);
}

/**
 * A server action: on success it returns `redirect(...)` (post/redirect/get), for bad input `invalid(...)`;
 * it throws `HttpError` for expected failures.
 */
export type ActionHandler<Services = unknown> = (
  context: ActionContext<Services>,
) => Redirect | Invalid | Promise<Redirect | Invalid>;

/** Actions by route id, then by action name (the form's hidden `_action` field). Server-only. */
export type RouteActions<Services = unknown> = Readonly<
  Record<string, Readonly<Record<string, ActionHandler<Services>>>>
>;

/** The hidden field that names the action. */
export { ACTION_FIELD } from '../../shared/ui/form.tsx';

export function toActionResultState(action: string, result: Invalid): ActionResultState {
  return { action, errors: { ...result.errors }, values: { ...result.values } };
}

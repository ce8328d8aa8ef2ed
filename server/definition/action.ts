import type { Redirect } from '../../shared/routing/control-signals.ts';
import type { ParamsOf, RouteId } from '../../shared/routing/route-types.ts';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import type { ProvidedTo, StoredHandler } from './middleware.ts';
import type { RequestContext } from './request-context.ts';

/**
 * Form fields by name, as an action gets them (`context.fields`): each a string, a repeated name's last
 * value. A null-prototype object, so `__proto__` or `constructor` fields are plain keys.
 */
export type FormFields = Readonly<Record<string, string>>;

/**
 * What a server action receives: the request's context (`RequestContext`), the posted form's fields, and
 * `revalidate()` to name the segments whose data it changed.
 */
export interface ActionContext<Services = unknown> extends RequestContext<Services> {
  fields: FormFields;
  /**
   * Names the segments (route tree ids) whose data this action changed. After it succeeds, a page that stays
   * (a fetcher's) asks for only those segments' data again, and a redirect keeps the others it shares with
   * the page on screen. Without a call, every segment is asked for again, except those with `keepAfterActions`.
   */
  revalidate(...segmentIds: string[]): void;
}

/**
 * How an invalid answer is sent, when not as plain invalid input: another 4xx (429 for too many attempts)
 * and headers of its own (`Retry-After`).
 */
export interface InvalidAnswer {
  /** A 4xx; default 422. */
  status?: number;
  headers?: Readonly<Record<string, string>>;
}

/**
 * Invalid input: the page is shown again with these errors next to their fields and the values kept. Build
 * it with `invalid()`; the status must be a 4xx (a TypeError otherwise: a failure is an HttpError).
 */
export class Invalid {
  readonly kind = 'invalid';
  constructor(
    readonly errors: Readonly<Record<string, string>>,
    readonly values: FormFields,
    readonly answer: InvalidAnswer = {},
  ) {
    const { status } = answer;
    if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status < 500))
      throw new TypeError(`invalid(): status ${status} is not a 4xx; a failure is thrown as an HttpError`);
  }
}

/**
 * Builds the invalid-input result of an action: 422 with the page again, or `answer.status` (a 4xx) and
 * `answer.headers`. Leave out of `values` what must not come back in the page (a password). The form's
 * components read `errors` and `values` with `useActionResult()` (a fetcher: `fetcher.errors`).
 *
 * @example
 * const text = context.fields.text?.trim() ?? '';
 * if (!text) return invalid({ text: 'Write something first' }, context.fields);
 * const tooMany = { status: 429, headers: { 'Retry-After': '60' } };
 * return invalid({ password: 'Too many attempts' }, { email }, tooMany);
 */
export function invalid(errors: Record<string, string>, values: FormFields, answer?: InvalidAnswer): Invalid {
  return new Invalid(errors, values, answer);
}

type ActionResult = Redirect | Invalid | Promise<Redirect | Invalid>;

/**
 * A server action: on success it returns `redirect(...)` (post/redirect/get), for bad input `invalid(...)`;
 * it throws `HttpError` for expected failures. `Added` is what the middleware of its branch add to its context.
 * The runtime checks the post's origin before it runs; a thrown error other than an HttpError answers 500
 * and is reported once.
 *
 * @example
 * const addNote: ActionHandler<AppServices> = async ({ fields, services, signal }) => {
 *   if (!fields.text) return invalid({ text: 'Write something first' }, fields);
 *   const id = await services.notes.add(fields.text, { signal });
 *   return redirect(href('note', { id }), 303);
 * };
 */
export type ActionHandler<Services = unknown, Added = unknown> = (
  context: ActionContext<Services> & Added,
) => ActionResult;

/**
 * Actions by route id, then by action name (the form's hidden `_action` field). Server-only. Any handler fits,
 * whatever its branch's middleware add; `ActionsOf` checks that against the route tree.
 */
export type RouteActions<Services = unknown> = Readonly<
  Record<string, Readonly<Record<string, StoredHandler<ActionContext<Services>, ActionResult>>>>
>;

/**
 * The actions of one route tree, by route id then name, each handler's context with its route's params typed
 * from its pattern (as a data step's are) and what its branch's middleware add (`Provides`, see MiddlewareOf).
 * Declare them with `satisfies ActionsOf<typeof routes, …>`.
 */
export type ActionsOf<Tree, Services = unknown, Provides = unknown> = {
  readonly [Id in RouteId<Tree>]?: Readonly<
    Record<string, ActionHandler<Services, ProvidedTo<Tree, Provides, Id> & { params: ParamsOf<Tree, Id> }>>
  >;
};

/** The hidden field that names the action. */
export { ACTION_FIELD } from '../../shared/ui/form.tsx';

export function toActionResultState(action: string, result: Invalid): ActionResultState {
  return { action, errors: { ...result.errors }, values: { ...result.values } };
}

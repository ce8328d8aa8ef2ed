import type { CookieOptions } from 'express';
import type { Redirect } from '../../shared/routing/control-signals.ts';
import type { Locale } from '../../shared/routing/locale.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import type { AppServices } from '../server-app-definition.ts';

/** Form fields by name; a null-prototype object, so `__proto__` or `constructor` fields are plain keys. */
export type FormFields = Readonly<Record<string, string>>;

/** What a server action receives. */
export interface ActionContext {
  fields: FormFields;
  params: RouteParams;
  locale: Locale;
  /** Request cookies; signed ones (verified with COOKIE_SECRET) are in `signedCookies`. */
  cookies: Readonly<Record<string, string>>;
  signedCookies: Readonly<Record<string, string | false>>;
  /** Sets a cookie on the response (`signed: true` signs it with COOKIE_SECRET). */
  setCookie(name: string, value: string, options: CookieOptions): void;
  /** Fires when the client disconnects or the deadline passes. */
  signal: AbortSignal;
  /** The app's services (a database pool...). */
  services: AppServices;
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
export type ActionHandler = (context: ActionContext) => Redirect | Invalid | Promise<Redirect | Invalid>;

/** Actions by route id, then by action name (the form's hidden `_action` field). Server-only. */
export type RouteActions = Readonly<Record<string, Readonly<Record<string, ActionHandler>>>>;

/** The hidden field that names the action. */
export { ACTION_FIELD } from '../../shared/ui/form.tsx';

export function toActionResultState(action: string, result: Invalid): ActionResultState {
  return { action, errors: { ...result.errors }, values: { ...result.values } };
}

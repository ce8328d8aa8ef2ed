import {
  type ButtonHTMLAttributes,
  createContext,
  type FormHTMLAttributes,
  type SubmitEvent,
  useContext,
  useRef,
  useState,
} from 'react';
import { type Href, urlOf } from '../routing/href.ts';
import { NavigationContext } from './navigation-context.ts';
import { type RouterState, useRouter } from './router-context.tsx';
import type { ActionResultState } from './ssr-payload.ts';

/** The hidden field that names the action; server/definition/action.ts reads the same name. */
export const ACTION_FIELD = '_action';

/** The URL a form posts to: the page at `to`, the current page by default (`<Form>`, a fetcher's `Form`). */
export function actionUrlOf(to: Href | undefined, router: RouterState): string {
  return urlOf(to ?? `${router.pathname}${router.search}`, router);
}

/** The body of a form post as the browser would send it: URL-encoded, unless the form asks for multipart. */
export function formBodyOf(form: HTMLFormElement, submitter: HTMLElement | null): FormData | URLSearchParams {
  const formData = new FormData(form, submitter);
  // URLSearchParams reads FormData's entries (a file becomes its string form); the DOM types only list
  // string pairs.
  return form.enctype === 'multipart/form-data'
    ? formData
    : new URLSearchParams(formData as unknown as string[][]);
}

/** Where a form's JavaScript post is: `failed` shows the failure message. */
type FormStatus = 'idle' | 'pending' | 'failed';

/** Whether the enclosing form's post is pending. */
const FormPendingContext = createContext(false);

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method'> {
  /** The route action to run (declared in server/ next to the route's data step). */
  action: string;
  /** The page whose action runs, from `href()`; the current page by default. */
  to?: Href;
  /** Shown on the form when the post fails (network error, 5xx); the typed values stay. */
  failureMessage?: string;
}

/**
 * A real `<form method="post">` to the current page with a hidden `_action` field, so it works without
 * JavaScript (303 on success, the page again with 422 and field errors otherwise). With the client router
 * it posts with fetch, shows a pending state, and applies the answer without a full reload; a second
 * submit while one is pending is ignored. `action` names the route action (the server definition's
 * `actions[routeId][action]`), `to` the page whose action runs (the current page by default);
 * `failureMessage` shows when the post itself fails (network, 5xx). Other props go to the `<form>`.
 *
 * @example
 * const result = useActionResult('add-note');
 * <Form action="add-note">
 *   <input name="text" defaultValue={result?.values.text} aria-invalid={Boolean(result?.errors.text)} />
 *   {result?.errors.text ? <p role="alert">{result.errors.text}</p> : null}
 *   <SubmitButton>Add</SubmitButton>
 * </Form>
 */
export function Form({
  action,
  to,
  failureMessage = 'Something went wrong. Please try again.',
  children,
  onSubmit,
  ...rest
}: FormProps) {
  const router = useRouter();
  const navigator = useContext(NavigationContext);
  const [status, setStatus] = useState<FormStatus>('idle');
  const pending = useRef(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    onSubmit?.(event);
    if (!navigator || event.defaultPrevented) return;
    event.preventDefault();
    if (pending.current) return;
    pending.current = true;
    setStatus('pending');
    const form = event.currentTarget;
    const submitter = event.nativeEvent.submitter;
    const outcome = await navigator.submit(form, submitter);
    pending.current = false;
    setStatus(outcome === 'failed' ? 'failed' : 'idle');
    // The server runs newer code than this page: let the browser post the form itself.
    if (outcome === 'native') form.submit();
  }

  return (
    <form
      method="post"
      action={actionUrlOf(to, router)}
      onSubmit={submit}
      aria-busy={status === 'pending'}
      {...rest}
    >
      <input type="hidden" name={ACTION_FIELD} value={action} />
      {status === 'failed' && (
        <p className="form-failure" role="alert">
          {failureMessage}
        </p>
      )}
      <FormPendingContext value={status === 'pending'}>{children}</FormPendingContext>
    </form>
  );
}

/**
 * A submit button that is disabled while its `<Form>`'s post is pending (with the client router; without
 * JavaScript the browser's own page load shows it). Takes a `<button>`'s props.
 *
 * @example
 * <SubmitButton className="button">Add to cart</SubmitButton>
 */
export function SubmitButton({ disabled, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const pending = useContext(FormPendingContext);
  return <button type="submit" disabled={disabled || pending} {...rest} />;
}

/**
 * The invalid-input answer of the last post of `action` on this page, if that is what is shown: its field
 * errors and the values as posted (what the action's `invalid()` returned), else null. The same on the
 * server (a post without JavaScript answers 422 with the page) and after a client-side post.
 *
 * @example
 * const result = useActionResult('sign-in');
 * const emailError = result?.errors.email;
 */
export function useActionResult(action: string): ActionResultState | null {
  const { actionResult } = useRouter();
  return actionResult?.action === action ? actionResult : null;
}

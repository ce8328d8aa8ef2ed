import { isSafeRedirectTarget } from '../../shared/routing/safe-redirect.ts';
import type { SubmitOutcome } from '../../shared/ui/navigation-context.ts';
import type { ActionResultState } from '../../shared/ui/ssr-payload.ts';
import { BuildChangedError, fetchPageData } from './fetch-page-data.ts';

/** A form post riding on an `action` navigation, from the submit until the navigation ends. */
export interface Submission {
  body: FormData | URLSearchParams;
  /** Tells the form how its post ended (`done` once the navigation committed, left or was superseded). */
  settle: (outcome: SubmitOutcome) => void;
}

/** What follows a form post. */
export type PostResult =
  /** Load and show a page: the redirect's target, or this page again with the field errors. */
  | { type: 'load'; url: URL; actionResult?: ActionResultState; revalidate?: readonly string[] }
  /** A redirect the router does not handle (another locale, outside BASE_PATH, another origin): load it in full. */
  | { type: 'leave'; url: string }
  /** No page to show: the post failed (the form says so), or the build changed (the form posts natively). */
  | { type: 'end'; outcome: Exclude<SubmitOutcome, 'done'> };

/** The body of a form post as the browser would send it: URL-encoded, unless the form asks for multipart. */
export function formBodyOf(form: HTMLFormElement, submitter: HTMLElement | null): FormData | URLSearchParams {
  const formData = new FormData(form, submitter);
  // URLSearchParams reads FormData's entries (a file becomes its string form); the DOM types only list
  // string pairs.
  return form.enctype === 'multipart/form-data'
    ? formData
    : new URLSearchParams(formData as unknown as string[][]);
}

export interface PostFormOptions {
  /** The page on screen, shown again with the field errors of invalid input. */
  here: URL;
  resolve: (href: string) => URL;
  isInterceptable: (url: URL) => boolean;
  signal: AbortSignal;
}

/** Posts a form to its page's data URL (the action runs there) and says what the navigation does next. */
export async function postForm(
  dataHref: string,
  body: Submission['body'],
  { here, resolve, isInterceptable, signal }: PostFormOptions,
): Promise<PostResult> {
  try {
    const answer = await fetchPageData(dataHref, { body, signal });
    if (answer.type === 'invalid') return { type: 'load', url: here, actionResult: answer };
    // Never follow a `javascript:` (or other non-http) target.
    if (answer.type !== 'redirect' || !isSafeRedirectTarget(answer.location)) {
      return { type: 'end', outcome: 'failed' };
    }
    const next = resolve(answer.location);
    if (!isInterceptable(next)) return { type: 'leave', url: next.href };
    return answer.revalidate
      ? { type: 'load', url: next, revalidate: answer.revalidate }
      : { type: 'load', url: next };
  } catch (error) {
    if (signal.aborted) throw error;
    return { type: 'end', outcome: error instanceof BuildChangedError ? 'native' : 'failed' };
  }
}

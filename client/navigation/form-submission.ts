import type { SubmitOutcome } from '../../shared/ui/navigation-context.ts';

/** A form post riding on an `action` navigation, from the submit until the navigation ends. */
export interface Submission {
  body: FormData | URLSearchParams;
  /** Tells the form how its post ended (`done` once the navigation committed, left or was superseded). */
  settle: (outcome: SubmitOutcome) => void;
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

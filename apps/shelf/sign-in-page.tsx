// #region sign-in-page
import { Form, type Head, SubmitButton, useActionResult } from '#runtime/shared';

/** Signing in takes only a name: the tutorial is about sessions, not passwords (see the storefront for those). */
export default function SignInPage() {
  const rejected = useActionResult('sign-in');
  return (
    <Form action="sign-in">
      <h1>Sign in</h1>
      <label>
        Name{' '}
        <input
          name="name"
          autoComplete="username"
          defaultValue={rejected?.values.name ?? ''}
          aria-invalid={rejected ? true : undefined}
        />
      </label>
      {rejected?.errors.name ? <p role="alert">{rejected.errors.name}</p> : null}
      <SubmitButton>Sign in</SubmitButton>
    </Form>
  );
}

export const head = (): Head => ({ title: 'Sign in' });
// #endregion sign-in-page

import type { InputHTMLAttributes } from 'react';
import { Form, SubmitButton, useActionResult } from '#runtime/shared';
import {
  EMAIL_FIELD,
  FORM_ERROR,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  PASSWORD_FIELD,
} from '../account-fields.ts';
import type { AccountMessages } from '../account-messages.ts';
import { FieldError } from './field-error.tsx';

interface CredentialsFormProps {
  /** `sign-in` or `sign-up`: the page's action, and the prefix of the fields' ids. */
  action: 'sign-in' | 'sign-up';
  text: AccountMessages;
  submitLabel: string;
  failureMessage: string;
  /** Under the password field (the sign-up's length rule). */
  passwordHint?: string;
}

/**
 * The email and password form of the sign-in and sign-up pages: a real post to the page itself (its `?next=`
 * kept in the URL), checked by the server. An invalid answer shows the errors in place and the email again;
 * the password never comes back, the visitor types it again.
 */
export function CredentialsForm({
  action,
  text,
  submitLabel,
  failureMessage,
  passwordHint,
}: CredentialsFormProps) {
  const result = useActionResult(action);
  const formError = result?.errors[FORM_ERROR];
  return (
    <Form action={action} failureMessage={failureMessage} className="account-form" noValidate>
      {formError ? (
        <p className="form-failure" role="alert">
          {formError}
        </p>
      ) : null}
      <CredentialField
        id={`${action}-email`}
        label={text.fieldEmail}
        error={result?.errors[EMAIL_FIELD]}
        input={{
          name: EMAIL_FIELD,
          type: 'email',
          autoComplete: 'username',
          maxLength: MAX_EMAIL_LENGTH,
          defaultValue: result?.values[EMAIL_FIELD] ?? '',
        }}
      />
      <CredentialField
        id={`${action}-password`}
        label={text.fieldPassword}
        error={result?.errors[PASSWORD_FIELD]}
        hint={passwordHint}
        input={{
          name: PASSWORD_FIELD,
          type: 'password',
          autoComplete: action === 'sign-up' ? 'new-password' : 'current-password',
          maxLength: MAX_PASSWORD_LENGTH,
        }}
      />
      <SubmitButton className="button button--large account-form__submit">{submitLabel}</SubmitButton>
    </Form>
  );
}

interface CredentialFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  input: InputHTMLAttributes<HTMLInputElement>;
}

/** A labelled input with its hint and its error, which it points at with `aria-describedby`. */
function CredentialField({ id, label, error, hint, input }: CredentialFieldProps) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field__input account-form__input"
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

import { type FormFields, formTextProblem } from '#runtime/server';
import {
  EMAIL_FIELD,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_FIELD,
} from '../../account-fields.ts';
import type { AccountMessages } from '../../account-messages.ts';
import { isEmailAddress } from '../email-address.ts';

/** An email and a password as a form gave them; the password exactly as typed (no trimming). */
export interface Credentials {
  email: string;
  password: string;
}

/** The form's values without the password, for an invalid answer: a password never comes back in a page. */
export function withoutPassword(fields: FormFields): FormFields {
  const { [PASSWORD_FIELD]: _password, ...values } = fields;
  return values;
}

function emailError(email: string, text: AccountMessages): string | undefined {
  const ok = email.length <= MAX_EMAIL_LENGTH && !formTextProblem(email) && isEmailAddress(email.trim());
  return ok ? undefined : text.errorEmail;
}

/**
 * A password's error: missing, or (for a new one) outside MIN_PASSWORD_LENGTH to MAX_PASSWORD_LENGTH
 * characters, counted as code points (NIST SP 800-63B 5.1.1.2: each Unicode character counts as one). At
 * sign-in only the upper limit applies, so no long input reaches the hash.
 */
function passwordError(password: string, isNew: boolean, text: AccountMessages): string | undefined {
  const length = [...password].length;
  if (length === 0) return text.errorPasswordMissing;
  if (length > MAX_PASSWORD_LENGTH) return text.errorPasswordLong(MAX_PASSWORD_LENGTH);
  if (isNew && length < MIN_PASSWORD_LENGTH) return text.errorPasswordShort(MIN_PASSWORD_LENGTH);
  return undefined;
}

/** The form's email and password, or each field's error in the visitor's language. */
export function readCredentials(
  fields: FormFields,
  { isNew }: { isNew: boolean },
  text: AccountMessages,
): Credentials | { errors: Record<string, string> } {
  const email = fields[EMAIL_FIELD] ?? '';
  const password = fields[PASSWORD_FIELD] ?? '';
  const errors: Record<string, string> = {};
  const emailProblem = emailError(email, text);
  const passwordProblem = passwordError(password, isNew, text);
  if (emailProblem) errors[EMAIL_FIELD] = emailProblem;
  if (passwordProblem) errors[PASSWORD_FIELD] = passwordProblem;
  return emailProblem || passwordProblem ? { errors } : { email: email.trim(), password };
}

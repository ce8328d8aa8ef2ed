import { type FormFields, formTextProblem } from '#runtime/server';
import {
  EMAIL_FIELD,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_FIELD,
} from '../../account-fields.ts';
import type { AccountMessages } from '../../account-messages.ts';
import {
  type CanonicalEmail,
  canonicalEmail,
  invisibleCharacterOf,
  isEmailAddress,
} from '../email-address.ts';
import { normalizedPassword } from './password-hash.ts';

/** The form's email in its canonical form, and its password exactly as typed (no trimming). */
export interface Credentials {
  email: CanonicalEmail;
  password: string;
}

/** The form's values without the password, for an invalid answer: a password never comes back in a page. */
export function withoutPassword(fields: FormFields): FormFields {
  const { [PASSWORD_FIELD]: _password, ...values } = fields;
  return values;
}

/** `U+200B`: how the error names a character that cannot be shown. */
const codePointName = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The email's error, or its canonical form. An invisible character gets its own message naming it (it
 * would make a look-alike of another email); the length and the shape are checked on the canonical form,
 * the one stored, since NFKC can lengthen a text.
 */
function readEmail(raw: string, text: AccountMessages): { email: CanonicalEmail } | { error: string } {
  if (raw.length > MAX_EMAIL_LENGTH) return { error: text.errorEmail };
  const invisible = invisibleCharacterOf(raw);
  if (invisible !== undefined) return { error: text.errorEmailCharacter(codePointName(invisible)) };
  if (formTextProblem(raw)) return { error: text.errorEmail };
  const email = canonicalEmail(raw);
  const ok =
    email.length <= MAX_EMAIL_LENGTH && invisibleCharacterOf(email) === undefined && isEmailAddress(email);
  return ok ? { email } : { error: text.errorEmail };
}

/**
 * A password's error: missing, or (for a new one) outside MIN_PASSWORD_LENGTH to MAX_PASSWORD_LENGTH
 * characters, counted as code points of its NFKC form, the form that is hashed (NIST SP 800-63B 5.1.1.2:
 * each Unicode character counts as one, so `é` typed as `e` and a combining accent is one). At sign-in only
 * the upper limit applies, so no long input reaches the hash.
 */
function passwordError(password: string, isNew: boolean, text: AccountMessages): string | undefined {
  const length = [...normalizedPassword(password)].length;
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
  const email = readEmail(fields[EMAIL_FIELD] ?? '', text);
  const password = fields[PASSWORD_FIELD] ?? '';
  const errors: Record<string, string> = {};
  const passwordProblem = passwordError(password, isNew, text);
  if ('error' in email) errors[EMAIL_FIELD] = email.error;
  if (passwordProblem) errors[PASSWORD_FIELD] = passwordProblem;
  return 'error' in email || passwordProblem ? { errors } : { email: email.email, password };
}

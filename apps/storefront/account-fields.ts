/**
 * The account forms' rules, written once: field names, the password's length and the `next` search key.
 * The sign-up and sign-in forms, the actions and the tests import them. Constants only (the forms take them
 * into the browser).
 */
import { ADDRESS_FIELDS } from './checkout-fields.ts';

/** The sign-up and sign-in forms' email field. */
export const EMAIL_FIELD = 'email';
/** The sign-up and sign-in forms' password field; its value is never logged nor reported. */
export const PASSWORD_FIELD = 'password';

/** The key of an invalid answer's error about the whole form (bad credentials, too many attempts), shown above the fields. */
export const FORM_ERROR = 'form';

/** The longest email accepted (RFC 5321's path limit), as the checkout's email field. */
export const MAX_EMAIL_LENGTH = ADDRESS_FIELDS.email;

/**
 * A password's length in characters (code points), and no composition rules: NIST SP 800-63B 5.1.1.2 asks
 * for at least 8 (we ask 10) and to accept at least 64; the cap keeps each hash's input small.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/** The sign-in page's search key naming the page to go back to (`/sign-in?next=/checkout`). */
export const NEXT_KEY = 'next';

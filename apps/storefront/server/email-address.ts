/** One `@` between a local part and a domain of two labels or more, no spaces: what a person types. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * Whether `text` (trimmed, and checked for characters nobody types by formTextProblem) looks like an email
 * address: the checkout's and the accounts' one rule. Deliverability is the mail server's to say.
 */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}

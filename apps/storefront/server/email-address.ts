/** One `@` between a local part and a domain of two labels or more, no spaces: what a person types. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * Characters that show as nothing, or only reorder what is around them: zero-width spaces and joiners, soft
 * hyphens, variation selectors, bidi marks, embeddings and isolates. An email holding one reads as another
 * email (Unicode UTS #39 and UAX #9), so accounts refuse it rather than store a look-alike.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

/** An email in the one form accounts store, look up and throttle by: made only by `canonicalEmail()`. */
export type CanonicalEmail = string & { readonly canonical: unique symbol };

/**
 * Whether `text` (trimmed, and checked for characters nobody types by formTextProblem) looks like an email
 * address: the checkout's and the accounts' one rule. Deliverability is the mail server's to say.
 */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}

/** The first invisible character of `text` (see INVISIBLE), as its code point; undefined when it has none. */
export function invisibleCharacterOf(text: string): number | undefined {
  return INVISIBLE.exec(text)?.[0].codePointAt(0);
}

/**
 * Lower case by single code points, as Unicode's simple mappings do: İ (U+0130) becomes `i`, where
 * JavaScript's full mapping gives `i` + U+0307 (which shows as a plain `i`), and every sigma becomes σ, where
 * JavaScript writes ς at a word's end. So `İVAN`, `ivan`, `ΟΔΟΣ` and `οδος` each fold like their other case.
 * The SQL of 0010-canonical-emails.sql folds existing rows the same way: the two change together.
 */
function foldCase(text: string): string {
  return text.replaceAll('\u0130', 'i').toLowerCase().replaceAll('\u03c2', '\u03c3');
}

/**
 * The email accounts know `text` by: NFKC (fullwidth letters, the Kelvin sign, composed or decomposed `é` all
 * become one spelling), then lower case (foldCase), then NFKC again (lower case can undo a composition), then
 * trimmed. Sign-up, sign-in, the sign-in throttle, the `accounts` table and an order's adoption at sign-in all
 * use this one form; the database compares it as stored, never through its own `lower()`, whose answer
 * depends on the server's locale. Applying it twice changes nothing (tests/property/canonical-email.test.ts).
 */
export function canonicalEmail(text: string): CanonicalEmail {
  return foldCase(text.normalize('NFKC')).normalize('NFKC').trim() as CanonicalEmail;
}

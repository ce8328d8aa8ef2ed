/**
 * The characters a person never types into a form field, found before an action trims, checks or stores a
 * value. Any app's action can use it; it returns which problem it found and where, and the app says it in
 * its own words and language.
 */

/**
 * Which kind of field `formTextProblem()` checks a value for. `one-line`: an `<input>`. `multi-line`: a
 * `<textarea>`, which may also hold line breaks and tabs.
 */
export type FormTextLines = 'one-line' | 'multi-line';

/**
 * Why a value is not text a person typed, with the first offending character: its UTF-16 index and code
 * point (a lone surrogate's is the half itself, U+D800 to U+DFFF).
 */
export type FormTextProblem =
  /** C0 and C1 controls and DEL: NUL (which Postgres cannot store in text), ESC, NEL... */
  | { type: 'control-character'; index: number; codePoint: number }
  /** A line break in a one-line field: CR, LF, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR. */
  | { type: 'line-break'; index: number; codePoint: number }
  /** Bidi embedding, override and isolate controls: they can make the text read other than it is stored. */
  | { type: 'bidi-control'; index: number; codePoint: number }
  /** Half of a UTF-16 surrogate pair without its other half: no character, and no UTF-8 encoding. */
  | { type: 'lone-surrogate'; index: number; codePoint: number };

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;

/**
 * The first problem of `value` as form text, or `undefined` when a person could have typed it all. Check
 * the raw value, before `trim()`: trim removes some of these characters from the ends (VT, FF, U+2028,
 * U+2029). A multi-line field allows `\n`, `\r\n` (how browsers submit a textarea's line breaks), `\t` and
 * the two Unicode separators; bidi controls are refused there too (Trojan Source, CVE-2021-42574). Bidi
 * marks (U+200E, U+200F, U+061C) and joiners stay allowed: right-to-left and joined scripts type them.
 *
 * @example
 * const raw = context.fields.address ?? '';
 * if (formTextProblem(raw, 'multi-line')) {
 *   return invalid({ address: 'Use only characters you can type' }, context.fields);
 * }
 */
export function formTextProblem(
  value: string,
  lines: FormTextLines = 'one-line',
): FormTextProblem | undefined {
  for (let index = 0; index < value.length; ) {
    const codePoint = value.codePointAt(index) as number;
    const type = problemOf(codePoint, lines, value.charCodeAt(index + 1));
    if (type) return { type, index, codePoint };
    index += codePoint > 0xffff ? 2 : 1;
  }
  return undefined;
}

/** What is wrong with one code point (`next`: the UTF-16 unit after it, for `\r\n`), if anything. */
function problemOf(
  codePoint: number,
  lines: FormTextLines,
  next: number,
): FormTextProblem['type'] | undefined {
  const multiLine = lines === 'multi-line';
  if (codePoint === LF || codePoint === CR) {
    if (!multiLine) return 'line-break';
    // A lone CR is no browser's line break: textareas submit CR LF (HTML's form submission newlines).
    return codePoint === LF || next === LF ? undefined : 'control-character';
  }
  if (codePoint === 0x2028 || codePoint === 0x2029) return multiLine ? undefined : 'line-break';
  if (codePoint === TAB) return multiLine ? undefined : 'control-character';
  if (codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f)) return 'control-character';
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069))
    return 'bidi-control';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'lone-surrogate';
  return undefined;
}
